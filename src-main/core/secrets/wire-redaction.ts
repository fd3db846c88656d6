import { REDACTED, type SecretRedactor } from './redactor';

/** Field names whose string values are credentials wherever they appear on the wire (OAuth and key material). */
const SECRET_FIELD = /^(access_token|refresh_token|id_token|client_secret|code_verifier|password|api[_-]?key|authorization)$/i;

/** A credential after its scheme, e.g. in an Authorization header echoed back or a URL. */
const CREDENTIAL = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;

/**
 * Text bound for a protocol log (the MCP traffic log: headers, URLs, errors): the known secrets
 * hidden by the session's mask, and any `Bearer …` / `Basic …` credential too, known or not.
 */
export function redactWireText(redactor: SecretRedactor, text: string): string {
  return redactor.redact(text).replace(CREDENTIAL, `$1 ${REDACTED}`);
}

/**
 * A protocol message bound for a log: every string through redactWireText, and the string values
 * of fields named like credentials (`access_token`, `client_secret`, `password`, `api_key` …)
 * replaced whole, known or not. A copy; the message itself is not changed.
 */
export function redactWireValue(redactor: SecretRedactor, value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactWireText(redactor, value);
  if (value === null || typeof value !== 'object' || depth > 40) return value;
  if (Array.isArray(value)) return value.map((x) => redactWireValue(redactor, x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) && typeof x === 'string' ? REDACTED : redactWireValue(redactor, x, depth + 1);
  return out;
}
