import { homedir } from 'node:os';
import { posix } from 'node:path';
import { checkCommandText } from './command-text';
import { isBashParserLoaded, loadBashParser, withBashTree } from './parser';
import { visit } from './classifier/analyzer';
import type { ClassifyOptions, CommandClassification } from './classifier/classification';
import { Ctx } from './classifier/context';
import { Findings } from './classifier/findings';
import type { Scope } from './classifier/scope';


/** Nested shell strings (`sh -c`, `eval`, here-docs into a shell) analyzed at most this deep. */
const MAX_DEPTH = 4;

/**
 * Loads the bash grammar. Call (and await) once before {@link classify}; idempotent.
 */
export async function initCommandClassifier(): Promise<void> {
  await loadBashParser();
}

/** True once {@link initCommandClassifier} has finished. */
export function isCommandClassifierReady(): boolean {
  return isBashParserLoaded();
}

/**
 * Classifies a shell command by parsing it (tree-sitter bash) and checking every simple
 * command inside lists, pipelines, subshells, `$(…)`, `<(…)`, functions, here-docs and
 * `sh -c '…'`. It fails closed: a word it cannot resolve to a literal, an option that can run
 * a program or write a file, or syntax it does not know makes the command unknown, never safe.
 * Pure and synchronous (paths are judged through `opts.realPath`);
 * {@link initCommandClassifier} must have been awaited once.
 *
 * - dangerous: deletes of `/`, `~`, the workspace itself or anything outside the workspace
 *   and the writable roots; sudo/doas/su; disk formatting; `dd` or redirects onto a device or
 *   system file; a download piped or substituted into a shell; `git reset --hard`,
 *   `git push --force`, `git clean` outside; recursive chmod/chown of system paths; fork bombs;
 *   reboot.
 * - safe: every simple command is a known read-only one with no writing or program-running
 *   option, every word that matters is a literal, nothing is written.
 * - unknown: everything else.
 * It also reports, for the sandbox, what the command writes outside and whether it needs the
 * network.
 */
export function classify(command: string, workspace: string, opts: ClassifyOptions = {}): CommandClassification {
  if (!isBashParserLoaded()) {
    throw new Error('classify() called before initCommandClassifier() finished loading the bash grammar');
  }
  const home = posix.resolve(opts.home ?? homedir());
  const ws = posix.resolve(workspace);
  const realPath = opts.realPath ?? ((p: string) => p);
  const findings = new Findings();
  const roots = (opts.writableRoots ?? []).map((r) => realPath(posix.resolve(r)));
  const readOnly = (opts.readOnlyRoots ?? []).map((r) => realPath(posix.resolve(r)));
  const fresh = (): Scope => ({ cwd: posix.resolve(opts.cwd ?? ws), dirStack: [], vars: new Map(), names: new Set(opts.shellNames ?? []) });
  const analyze = (source: string, s: Scope, depth: number): void => {
    if (depth > MAX_DEPTH) {
      findings.unknown('nested shell strings too deep to analyze');
      return;
    }
    const ctx = new Ctx(ws, home, roots, realPath, findings, analyze, depth, readOnly);
    withBashTree(source, (root) => {
      if (root.hasError) findings.unknown('the command does not parse cleanly as bash');
      visit(root, s, ctx);
    });
  };
  // The shell refuses such a command (command-text.ts); should one get here, it is never safe.
  if (!checkCommandText(command).ok) findings.unknown('holds a control character (other than tab and newline) that a terminal or bash could read differently');
  analyze(command, fresh(), 0);
  // The grammar reads a backslash-newline inside a word as a word break, bash joins the word
  // (`r\<newline>m` is `rm`): analyze the joined text too and keep the worse of both readings.
  if (/\\\n/.test(command)) analyze(command.replace(/\\\n/g, ''), fresh(), 0);
  return summarize(findings);
}

function summarize(findings: Findings): CommandClassification {
  const commands = findings.verdicts();
  const uniq = (xs: string[]): string[] => [...new Set(xs)];
  const base = { commands, writesOutside: [...findings.writesOutside], network: [...findings.network] };
  const dangerous = findings.items.flatMap((f) => f.dangerous);
  const unknown = commands.filter((c) => c.risk === 'unknown').flatMap((c) => c.reasons);
  if (dangerous.length) return { risk: 'dangerous', reasons: uniq([...dangerous, ...unknown]), ...base };
  if (unknown.length) return { risk: 'unknown', reasons: uniq(unknown), ...base };
  const labels = uniq(findings.items.map((f) => f.label).filter((l) => l && l !== '?' && l !== 'assignment'));
  if (commands.length === 0 || labels.length === 0) return { risk: 'safe', reasons: [commands.length ? 'read-only' : 'no commands to run'], ...base };
  return { risk: 'safe', reasons: [`read-only: ${labels.join(', ')}`], ...base };
}
