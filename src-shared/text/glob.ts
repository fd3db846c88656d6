import { z } from 'zod';

/**
 * The one glob of Glassbox: approval rules (`tool`, `match`), the MCP registry allowlist
 * (`mcp.allow`) and the search filter `tool:` all match through this class, so a pattern means
 * the same everywhere (docs/configuration.md, "Globs"):
 *
 * - `*` any run of characters, `/` and nothing included; `**` is the same as `*` (a run of stars
 *   is one star). A glob here matches names and command lines, not paths, so no star stops at `/`.
 * - `?` exactly one character.
 * - `{a,b,c}` any one of the alternatives (nesting allowed). Braces without a comma inside, or
 *   without their closing brace, are literal, as in bash. At most {@link MAX_ALTERNATIVES}
 *   alternatives in all; a pattern that expands to more is refused with a {@link GlobError}.
 * - Everything else, `[`, `]` and `\` included, is itself: there are no classes and no escapes.
 *   A literal `*`, `?` or `{` is written `?` (any one character).
 *
 * Matched without a regular expression. Each alternative is split at its stars into segments;
 * the first must match at the start, the last at the end, and each one between at its leftmost
 * place after the one before (leftmost is always right for `*`-only wildcards, so nothing is ever
 * retried). Cost: at most |text| × |segment| character comparisons per segment and alternative,
 * never the polynomial-to-exponential backtracking a regex engine spends on `*a*a*a*a*a*b`
 * (picomatch's regex for that pattern took 8.6 s against 100 `a`s here) — one such `tool:`
 * query used to freeze `glassbox web` for every tab.
 */
export class Glob {
  private readonly alternatives: StarPattern[];
  private readonly ignoreCase: boolean;

  /**
   * `ignoreCase`: compare lower-cased (search filters; approval rules and the allowlist match
   * exactly). Throws GlobError when the braces expand to more than MAX_ALTERNATIVES patterns.
   */
  constructor(
    readonly pattern: string,
    opts: { ignoreCase?: boolean } = {},
  ) {
    this.ignoreCase = opts.ignoreCase ?? false;
    const p = this.ignoreCase ? pattern.toLowerCase() : pattern;
    this.alternatives = [...new Set(expandBraces(p))].map((alt) => new StarPattern(alt));
  }

  /** True when the whole of `text` matches. */
  test(input: string): boolean {
    const text = this.ignoreCase ? input.toLowerCase() : input;
    return this.alternatives.some((alt) => alt.test(text));
  }
}

/** The most patterns a glob's braces may expand to (`{a,b}{c,d}` is 4). */
export const MAX_ALTERNATIVES = 256;

/** A glob that cannot be used (its braces expand to too many patterns). */
export class GlobError extends Error {
  override name = 'GlobError';
}

/** Null when `pattern` is a usable glob, else what is wrong with it (never quoting it). */
export function globProblem(pattern: string): string | null {
  try {
    expandBraces(pattern);
    return null;
  } catch (err) {
    if (err instanceof GlobError) return err.message;
    throw err;
  }
}

/** A glob in a config file or a bridge argument: refused when its braces expand too far. */
export const GlobSchema = z.string().superRefine((s, ctx) => {
  const problem = globProblem(s);
  if (problem) ctx.addIssue({ code: 'custom', message: `a glob whose ${problem}` });
});

/**
 * `pattern` with its first expandable brace group replaced by each alternative, recursively:
 * `a{b,c{d,e}}f` → `abf`, `acdf`, `acef`. A `{` without a matching `}` or a top-level comma
 * between them stays literal.
 */
function expandBraces(pattern: string): string[] {
  const out: string[] = [];
  const push = (s: string) => {
    out.push(s);
    if (out.length > MAX_ALTERNATIVES) throw new GlobError(`braces expand to more than ${MAX_ALTERNATIVES} patterns`);
  };
  const walk = (p: string): void => {
    const group = firstGroup(p);
    if (!group) return push(p);
    const { open, close, commas } = group;
    const starts = [open, ...commas];
    const ends = [...commas, close];
    for (let k = 0; k < starts.length; k++) walk(p.slice(0, open) + p.slice(starts[k]! + 1, ends[k]!) + p.slice(close + 1));
  };
  walk(pattern);
  return out;
}

/**
 * The leftmost `{…}` of `p` with a top-level comma, as the places of its braces and commas. One
 * pass with a stack (a `}` closes the nearest open `{`), so a run of unclosed braces costs
 * linear time.
 */
function firstGroup(p: string): { open: number; close: number; commas: number[] } | null {
  const stack: { open: number; commas: number[] }[] = [];
  let best: { open: number; close: number; commas: number[] } | null = null;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '{') stack.push({ open: i, commas: [] });
    else if (c === ',' && stack.length > 0) stack[stack.length - 1]!.commas.push(i);
    else if (c === '}' && stack.length > 0) {
      const g = stack.pop()!;
      if (g.commas.length > 0 && (!best || g.open < best.open)) best = { open: g.open, close: i, commas: g.commas };
    }
  }
  return best;
}

/** A pattern with `*` and `?` only (one alternative of a glob), matched segment by segment. */
class StarPattern {
  private readonly segments: string[];
  private readonly anchoredStart: boolean;
  private readonly anchoredEnd: boolean;

  constructor(p: string) {
    const parts = p.split('*');
    this.anchoredStart = !p.startsWith('*');
    this.anchoredEnd = !p.endsWith('*');
    // Runs of stars are one star; empty segments between them match anywhere.
    this.segments = parts.filter((s, i) => s !== '' || i === 0 || i === parts.length - 1);
  }

  test(text: string): boolean {
    const segs = this.segments;
    if (segs.length === 1) return segs[0]!.length === text.length && matchesAt(segs[0]!, text, 0);
    const first = segs[0]!;
    const last = segs[segs.length - 1]!;
    if (first.length + last.length > text.length) return false;
    if (this.anchoredStart && !matchesAt(first, text, 0)) return false;
    const end = text.length - last.length;
    if (this.anchoredEnd && !matchesAt(last, text, end)) return false;
    let at = first.length;
    for (let i = 1; i < segs.length - 1; i++) {
      const found = indexOfSegment(segs[i]!, text, at, end);
      if (found < 0) return false;
      at = found + segs[i]!.length;
    }
    return at <= end;
  }
}

const ANY = 0x3f; // `?`

/** True when `seg` (`?` for any one character) matches `text` at `at`. */
function matchesAt(seg: string, text: string, at: number): boolean {
  if (at + seg.length > text.length) return false;
  for (let k = 0; k < seg.length; k++) {
    const c = seg.charCodeAt(k);
    if (c !== ANY && c !== text.charCodeAt(at + k)) return false;
  }
  return true;
}

/** The leftmost place ≥ from where `seg` matches and ends by `limit`, or -1. */
function indexOfSegment(seg: string, text: string, from: number, limit: number): number {
  if (!seg.includes('?')) {
    const i = text.indexOf(seg, from);
    return i >= 0 && i + seg.length <= limit ? i : -1;
  }
  for (let i = from; i + seg.length <= limit; i++) if (matchesAt(seg, text, i)) return i;
  return -1;
}
