/**
 * A glob (`*` any run of characters, `?` one character, everything else literal) matched
 * without a regular expression. The pattern is split at its stars into segments; the first
 * must match at the start, the last at the end, and each one between at its leftmost place
 * after the one before (leftmost is always right for `*`-only wildcards, so nothing is ever
 * retried). Cost: at most |text| × |segment| character comparisons per segment, never the
 * exponential backtracking `^a*a*a*…b$` costs a regex engine — one such `tool:` query used to
 * freeze `glassbox web` for every tab.
 */
export class Glob {
  private readonly segments: string[];
  private readonly anchoredStart: boolean;
  private readonly anchoredEnd: boolean;

  private readonly ignoreCase: boolean;
  /** The char code `?` stands for any character with, or -1 when `?` is literal. */
  private readonly any: number;

  /**
   * `ignoreCase`: compare lower-cased (search filters; approval rules match exactly).
   * `questionMark`: `?` is any one character (approval rules) rather than itself (search).
   */
  constructor(
    readonly pattern: string,
    opts: { ignoreCase?: boolean; questionMark?: boolean } = {},
  ) {
    this.ignoreCase = opts.ignoreCase ?? false;
    this.any = opts.questionMark === false ? -1 : 0x3f;
    const ignoreCase = this.ignoreCase;
    const p = ignoreCase ? pattern.toLowerCase() : pattern;
    const parts = p.split('*');
    this.anchoredStart = !p.startsWith('*');
    this.anchoredEnd = !p.endsWith('*');
    // Runs of stars are one star; empty segments between them match anywhere.
    this.segments = parts.filter((s, i) => s !== '' || i === 0 || i === parts.length - 1);
  }

  /** True when the whole of `text` matches. */
  test(input: string): boolean {
    const text = this.ignoreCase ? input.toLowerCase() : input;
    const segs = this.segments;
    if (segs.length === 1) return segs[0]!.length === text.length && matchesAt(segs[0]!, text, 0, this.any);
    const first = segs[0]!;
    const last = segs[segs.length - 1]!;
    if (first.length + last.length > text.length) return false;
    if (this.anchoredStart && !matchesAt(first, text, 0, this.any)) return false;
    const end = text.length - last.length;
    if (this.anchoredEnd && !matchesAt(last, text, end, this.any)) return false;
    let at = first.length;
    for (let i = 1; i < segs.length - 1; i++) {
      const found = indexOfSegment(segs[i]!, text, at, end, this.any);
      if (found < 0) return false;
      at = found + segs[i]!.length;
    }
    return at <= end;
  }
}

/** True when `seg` (with `any` for any one character) matches `text` at `at`. */
function matchesAt(seg: string, text: string, at: number, any: number): boolean {
  if (at + seg.length > text.length) return false;
  for (let k = 0; k < seg.length; k++) {
    const c = seg.charCodeAt(k);
    if (c !== any && c !== text.charCodeAt(at + k)) return false;
  }
  return true;
}

/** The leftmost place ≥ from where `seg` matches and ends by `limit`, or -1. */
function indexOfSegment(seg: string, text: string, from: number, limit: number, any: number): number {
  if (any < 0 || !seg.includes('?')) {
    const i = text.indexOf(seg, from);
    return i >= 0 && i + seg.length <= limit ? i : -1;
  }
  for (let i = from; i + seg.length <= limit; i++) if (matchesAt(seg, text, i, any)) return i;
  return -1;
}
