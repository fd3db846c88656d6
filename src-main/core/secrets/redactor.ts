/**
 * What replaces a secret everywhere it is hidden: session files, logs, `--json` output, the
 * window, exports, traces, the MCP page and traffic log. The one mask.
 */
export const REDACTED = '[REDACTED]';

/**
 * The shortest value treated as a secret. Shorter ones are never searched for in text: they
 * would hide ordinary words (a password `test` would blank every "test"). They are still never
 * shown as config values and still kept out of the shell's environment.
 */
export const MIN_SECRET_LENGTH = 6;

/** The shortest base64 piece of a secret searched for (48 bits: no accidental matches in real data). */
const MIN_BASE64_FORM = 8;

/**
 * The stable middle of `bytes` base64-encoded after `skip` (0–2) bytes of anything: the
 * characters that depend on `bytes` alone, whatever comes before or after them.
 */
function base64Piece(bytes: Buffer, skip: number): string {
  const all = Buffer.concat([Buffer.alloc(skip), bytes]);
  const full = Math.floor((all.length * 8) / 6); // characters made of whole input bits
  return all.toString('base64').slice(skip === 0 ? 0 : skip + 1, full);
}

/**
 * Every form a secret is searched for in: as written, JSON-escaped (inside a JSON string),
 * URL-encoded (in a query string or form body), and base64-encoded at each of the three byte
 * alignments, standard and URL-safe alphabet (inside `Basic` credentials, data URLs, JWTs).
 * Empty for a value shorter than MIN_SECRET_LENGTH.
 */
export function secretForms(secret: string): string[] {
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) return [];
  const forms = new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]);
  const bytes = Buffer.from(secret, 'utf8');
  for (const skip of [0, 1, 2]) {
    const piece = base64Piece(bytes, skip);
    if (piece.length < MIN_BASE64_FORM) continue;
    forms.add(piece);
    forms.add(piece.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...forms];
}

/** A `[start, end)` range of a text that holds a secret. */
export type SecretSpan = readonly [start: number, end: number];

/**
 * Where the given forms occur in `text`, as sorted ranges; overlapping occurrences (of one form
 * or of two secrets that share characters) are merged into one range, so every character of
 * every occurrence is covered. Ranges that only touch stay separate.
 */
export function findSecretSpans(text: string, forms: readonly string[]): SecretSpan[] {
  const found: Array<[number, number]> = [];
  for (const f of forms) {
    for (let i = text.indexOf(f); i >= 0; i = text.indexOf(f, i + 1)) found.push([i, i + f.length]);
  }
  if (found.length < 2) return found;
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: Array<[number, number]> = [found[0]];
  for (let k = 1; k < found.length; k++) {
    const last = out[out.length - 1];
    const [a, b] = found[k];
    if (a < last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** `text` with every span replaced by REDACTED (spans sorted, disjoint, inside the text). */
export function maskSpans(text: string, spans: readonly SecretSpan[]): string {
  if (!spans.length) return text;
  let out = '';
  let at = 0;
  for (const [a, b] of spans) {
    out += text.slice(at, a) + REDACTED;
    at = b;
  }
  return out + text.slice(at);
}

function isPlainObject(v: object): v is Record<string, unknown> {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * The one mask: replaces known secret values in text, in every form secretForms lists, with
 * REDACTED. Every character of every occurrence is hidden: a key containing another, or two
 * keys that overlap, become one REDACTED (replacing one key after the other could leave a piece
 * of the second one visible). Values shorter than MIN_SECRET_LENGTH are ignored.
 */
export class SecretRedactor {
  /** Every form searched for, longest first. */
  forms: readonly string[];

  constructor(secrets: Iterable<string>) {
    const forms = new Set<string>();
    for (const s of secrets) for (const f of secretForms(s)) forms.add(f);
    this.forms = [...forms].sort((a, b) => b.length - a.length);
  }

  /**
   * Adds a secret that came to light later (an OAuth token): texts redacted from now on hide it
   * too. Streams already running keep the forms they started with.
   */
  add(secret: string): void {
    const fresh = secretForms(secret).filter((f) => !this.forms.includes(f));
    if (fresh.length) this.forms = [...this.forms, ...fresh].sort((a, b) => b.length - a.length);
  }

  /** True when there is anything to hide. */
  get active(): boolean {
    return this.forms.length > 0;
  }

  /** The text with every secret replaced by REDACTED; the same string when it holds none. */
  redact(text: string): string {
    // Most texts hold no secret: one native scan per form, nothing allocated.
    let hit = false;
    for (const f of this.forms) {
      if (text.includes(f)) {
        hit = true;
        break;
      }
    }
    return hit ? maskSpans(text, findSecretSpans(text, this.forms)) : text;
  }

  /**
   * A JSON-like value (an event) with every string in it (keys too) redacted. Copy on write:
   * the same object comes back when nothing in it holds a secret, so callers can keep it. Working
   * on the strings rather than on the serialized JSON keeps the result valid JSON whatever the
   * secret's characters, and also finds a secret that was JSON-escaped twice (tool output that
   * prints JSON).
   */
  redactValue<T>(value: T): T {
    if (!this.forms.length) return value;
    return this.walk(value) as T;
  }

  private walk(v: unknown): unknown {
    if (typeof v === 'string') return this.redact(v);
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      let out: unknown[] | null = null;
      for (let i = 0; i < v.length; i++) {
        const r = this.walk(v[i]);
        if (r !== v[i]) (out ??= v.slice())[i] = r;
      }
      return out ?? v;
    }
    if (!isPlainObject(v)) return v; // events are plain JSON data; anything else is left alone
    let out: Record<string, unknown> | null = null;
    let keysChanged = false;
    for (const k in v) {
      const r = this.walk(v[k]);
      if (r !== v[k]) (out ??= { ...v })[k] = r;
      if (this.redact(k) !== k) keysChanged = true;
    }
    if (!keysChanged) return out ?? v;
    const renamed: Record<string, unknown> = {};
    for (const [k, val] of Object.entries(out ?? v)) renamed[this.redact(k)] = val;
    return renamed;
  }
}
