import { z } from 'zod';
import { methodSchema, type MethodName } from '../../src-shared/contract/methods';
import { issueText, pathText } from '../../src-shared/text/schema-issues';
import { type BridgeErrorInfo, type CallMessage } from '../../src-shared/contract/wire';

/** A checked call (its arguments as the method's schema parsed them), or why it was refused. */
export type CallCheck =
  | { ok: true; call: CallMessage & { method: MethodName } }
  | { ok: false; id: number | null; error: BridgeErrorInfo };

/** The envelope of a call; each part is checked on its own so a refusal says which was wrong. */
const CallEnvelope = z.looseObject({ kind: z.literal('call') });
const CallId = z.int();
const RawArgs = z.array(z.unknown()).nullish();

/** Issues shown in one refusal (the first few say enough; a crafted call may have thousands). */
const SHOWN_ISSUES = 3;

/**
 * One argument issue in words: `replay.run: argument 1, callId: must be a string, not a number`;
 * a wrong count of arguments: `agent.state: takes at most 0 argument(s), got 1`.
 */
function describeArgIssue(method: string, issue: z.core.$ZodIssue, args: unknown[]): string {
  if (issue.path.length === 0 && (issue.code === 'too_big' || issue.code === 'too_small')) {
    const n = String(issue.code === 'too_big' ? issue.maximum : issue.minimum);
    return `${method}: takes ${issue.code === 'too_big' ? 'at most' : 'at least'} ${n} argument(s), got ${args.length}`;
  }
  const [index, ...inner] = issue.path;
  const where = `argument ${Number(index) + 1}${inner.length ? `, ${pathText(inner)}` : ''}`;
  return `${method}: ${where}: ${issueText(issue, args)}`;
}

/**
 * Validates an untrusted incoming message at the edge: its shape, that the method is in the
 * contract, and its arguments against the method's zod schema (src-shared/contract/methods.ts;
 * no extra arguments). The call it returns carries the parsed arguments: what a handler gets.
 * Pure; table-tested.
 */
export function validateCall(message: unknown): CallCheck {
  const envelope = CallEnvelope.safeParse(message);
  if (!envelope.success) {
    return { ok: false, id: null, error: { code: 'BAD_MESSAGE', message: 'Expected a call message.' } };
  }
  const id = CallId.safeParse(envelope.data.id);
  if (!id.success) {
    return { ok: false, id: null, error: { code: 'BAD_MESSAGE', message: 'A call needs a numeric id.' } };
  }
  const method = envelope.data.method;
  const schema = typeof method === 'string' ? methodSchema(method) : undefined;
  if (!schema) {
    return { ok: false, id: id.data, error: { code: 'UNKNOWN_METHOD', message: `Unknown method: ${String(method).slice(0, 100)}` } };
  }
  const raw = RawArgs.safeParse(envelope.data.args);
  if (!raw.success) {
    return { ok: false, id: id.data, error: { code: 'BAD_ARGS', message: `${String(method)}: args must be an array.` } };
  }
  const items = schema.args.def.items;
  // JSON has no `undefined`: an omitted optional argument arrives over WebSocket as null.
  const args = (raw.data ?? []).map((a: unknown, i) => (a === null && items[i] !== undefined && items[i].safeParse(undefined).success ? undefined : a));
  const parsed = schema.args.safeParse(args);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const text = issues.slice(0, SHOWN_ISSUES).map((i) => describeArgIssue(String(method), i, args)).join('; ');
    const more = issues.length > SHOWN_ISSUES ? ` (and ${issues.length - SHOWN_ISSUES} more)` : '';
    return { ok: false, id: id.data, error: { code: 'BAD_ARGS', message: `${text}${more}.` } };
  }
  return { ok: true, call: { kind: 'call', id: id.data, method: method as MethodName, args: parsed.data as unknown[] } };
}
