import type { BashNode } from '../parser';
import type { Word } from './words';

/** What feeds a command's standard input, when that matters (a shell reading its program). */
export type Stdin =
  | { kind: 'script'; text: string }
  | { kind: 'download' }
  | { kind: 'unknown' };

/** One command after its wrappers (`sudo`, `timeout 5`, `env X=1`) are peeled off. */
export interface Invocation {
  /** The program's base name (`/bin/rm` → `rm`). */
  name: string;
  /** The name as written (`/bin/rm`, `./run.sh`). */
  written: string;
  /** Its argument words; null where only known at run time. */
  args: Word[];
  /** The argument nodes, parallel to `args`. */
  nodes: BashNode[];
  /** Per argument: an unquoted glob, which may expand to any file name (even `-delete`). */
  globs: boolean[];
  /** Wrappers peeled off, outermost first. */
  wrappers: string[];
  stdin?: Stdin;
}

/** Arguments split into options and operands (everything after `--` is an operand). */
export interface ParsedOptions {
  flags: string[];
  operands: Word[];
}

/** Splits arguments into option flags and operands. */
export function options(args: Word[]): ParsedOptions {
  const flags: string[] = [];
  const operands: Word[] = [];
  let done = false;
  for (const a of args) {
    if (!done && a === '--') done = true;
    else if (!done && a !== null && a.startsWith('-') && a !== '-') flags.push(a);
    else operands.push(a);
  }
  return { flags, operands };
}

/**
 * True when a short-option cluster (`-uo`, `-nro`) contains `letter`, or a long option is
 * an abbreviation of `long` (GNU getopt accepts any unambiguous prefix: `--compress-prog`).
 */
export function hasOption(flags: string[], letter: string | null, long: string | null, minPrefix = 3): boolean {
  return flags.some((f) => {
    if (f.startsWith('--')) {
      if (!long) return false;
      const name = f.slice(2).split('=')[0]!;
      return name.length >= minPrefix && long.startsWith(name);
    }
    return letter !== null && f.slice(1).includes(letter);
  });
}

/** True when any argument is unknown or a glob that could expand to an option. */
export function hasUnknownArg(inv: Invocation): boolean {
  return inv.args.some((a, i) => a === null || inv.globs[i]);
}
