/**
 * Makes text safe to print on a terminal the user decides by: control characters (C0 but
 * newline and tab, DEL, C1 — which include ESC sequences and carriage returns that rewrite
 * the line on screen) and bidirectional overrides (which reorder what is shown) are printed as
 * visible escapes (`\x1b`, `\r`, `\u{202e}`), so what the user reads is what runs.
 */
export function visibleText(text: string): string {
  return text.replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (ch) => {
    if (ch === '\r') return '\\r';
    if (ch === '\x1b') return '\\x1b';
    const code = ch.codePointAt(0)!;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}
