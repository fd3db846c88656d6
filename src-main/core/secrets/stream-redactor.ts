import { findSecretSpans, maskSpans, type SecretRedactor } from './redactor';

/**
 * Redacts text that arrives in pieces (one streamed model message), so that no secret reaches
 * anyone even when each piece holds only part of it. `push` returns the redacted text it is sure
 * of and holds back only the longest tail of the pending text that is a proper prefix of some
 * secret form (raw or JSON-escaped) — or, when a secret ends inside that tail, from the start of
 * that secret; `end` releases the rest. Text that cannot begin a secret is never delayed. The
 * concatenation of everything returned equals `redactor.redact(wholeText)`.
 *
 * One per message. With no secrets configured `push` returns its argument and `end` returns ''.
 */
export class StreamRedactor {
  private held = '';
  private readonly forms: readonly string[];
  /** First UTF-16 unit of every form: a tail can only be held from one of these. */
  private readonly firsts: Set<number>;
  private readonly longest: number;

  constructor(redactor: SecretRedactor) {
    this.forms = redactor.forms;
    this.firsts = new Set(this.forms.map((f) => f.charCodeAt(0)));
    this.longest = this.forms.reduce((m, f) => Math.max(m, f.length), 0);
  }

  /** False when there is nothing to hide (pass-through). */
  get active(): boolean {
    return this.forms.length > 0;
  }

  /** True while some text is held back (it could be the start of a secret). */
  get pending(): boolean {
    return this.held.length > 0;
  }

  /** The part of `held + delta` that is safe to show now, redacted ('' when all of it is held). */
  push(delta: string): string {
    if (!this.forms.length) return delta;
    const text = this.held + delta;
    let cut = text.length - this.pendingTail(text);
    const spans = findSecretSpans(text, this.forms);
    // A secret that runs across the cut may still merge with one that starts in the tail: hold it too.
    for (const [a, b] of spans) {
      if (a < cut && b > cut) {
        cut = a;
        break;
      }
    }
    this.held = text.slice(cut);
    if (cut === 0) return '';
    if (cut === text.length) return maskSpans(text, spans);
    return maskSpans(text.slice(0, cut), spans.filter(([, b]) => b <= cut));
  }

  /** Releases what is held, redacted (call once at the end of the message, whatever way it ends). */
  end(): string {
    const text = this.held;
    this.held = '';
    return text ? maskSpans(text, findSecretSpans(text, this.forms)) : '';
  }

  /** Length of the longest suffix of `text` that is a proper prefix of some form (0: none). */
  private pendingTail(text: string): number {
    const n = text.length;
    for (let p = Math.max(0, n - this.longest + 1); p < n; p++) {
      if (!this.firsts.has(text.charCodeAt(p))) continue;
      const k = n - p;
      for (const f of this.forms) if (f.length > k && startsWithAt(f, text, p)) return k;
    }
    return 0;
  }
}

/** True when `text.slice(p)` is a prefix of `form` (compared in place, nothing allocated). */
function startsWithAt(form: string, text: string, p: number): boolean {
  for (let i = 0; p + i < text.length; i++) if (form.charCodeAt(i) !== text.charCodeAt(p + i)) return false;
  return true;
}
