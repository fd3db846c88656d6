// Characters that make a text display differently from what it is: C0 controls but tab and
// newline (a carriage return rewrites the line), DEL and C1, bidirectional overrides and
// isolates (they reorder what follows), zero-width characters and line/paragraph separators.
const HIDDEN = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2069\ufeff]/g;

/** The code points of `text` that would change how it is shown, as `U+202E at 21` (at most 5). */
export function hiddenCharacters(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(HIDDEN)) {
    if (found.length === 5) break;
    found.push(`U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} at ${m.index}`);
  }
  return found;
}

/**
 * A reason to put first on an approval whose arguments hold such characters: the window shows
 * the command or code as text, where a right-to-left override can make `; rm -rf /x #` look
 * like a comment. Null when every string argument displays as it is.
 */
export function hiddenCharactersReason(args: Record<string, unknown>): string | null {
  const found = Object.values(args).flatMap((v) => (typeof v === 'string' ? hiddenCharacters(v) : []));
  if (!found.length) return null;
  return `the arguments hold characters that change how they are shown (${found.slice(0, 5).join(', ')}): the text shown may not be what runs`;
}
