/** What replaces a secret in session files, logs and `--json` output. */
export const REDACTED = '[REDACTED]';

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
 * Replaces known secret values in text, in their raw and JSON-escaped forms. Every character of
 * every occurrence is hidden: a key containing another, or two keys that overlap, become one
 * REDACTED (replacing one key after the other could leave a piece of the second one visible).
 */
export class SecretRedactor {
  /** Every form searched for (raw and JSON-escaped), longest first. */
  forms: readonly string[];

  constructor(secrets: string[]) {
    const forms = new Set<string>();
    for (const s of secrets) {
      if (!s) continue;
      forms.add(s);
      forms.add(JSON.stringify(s).slice(1, -1));
    }
    this.forms = [...forms].sort((a, b) => b.length - a.length);
  }

  /**
   * Adds a secret that came to light later (an OAuth token): texts redacted from now on hide it
   * too. Streams already running keep the forms they started with.
   */
  add(secret: string): void {
    if (!secret || this.forms.includes(secret)) return;
    this.forms = [...this.forms, secret, JSON.stringify(secret).slice(1, -1)].filter((f, i, a) => a.indexOf(f) === i).sort((a, b) => b.length - a.length);
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
