import type { BashNode } from '../../parser';
import type { Ctx } from '../context';
import { Finding } from '../findings';
import { options, type Invocation } from '../invocation';
import { baseName, childScope, type Scope } from '../scope';
import { runRules } from '../simple-command';

export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'csh', 'tcsh', 'busybox']);
export const INTERPRETERS = new Set(['python', 'python2', 'python3', 'perl', 'ruby', 'node', 'nodejs', 'deno', 'bun', 'php', 'lua', 'luajit', 'Rscript', 'tclsh', 'osascript', 'pwsh']);
const DOWNLOADERS = new Set(['curl', 'wget', 'fetch', 'aria2c', 'http', 'https', 'lwp-download']);
const VERSION = /^(--version|-V|--help|-h)$/;

/**
 * Commands that run other programs: shells and interpreters (their `-c` scripts are analyzed
 * when literal; code read from a download is dangerous; other code is unknown), `eval`,
 * `source`, `watch`, `xargs` and `find -exec` (the command they run is classified with what
 * is known of its arguments), and `find`'s own actions (`-delete`, `-fprint` …).
 */
export function programRules(inv: Invocation, f: Finding, ctx: Ctx, scope: Scope): void {
  const { name, args } = inv;
  if (SHELLS.has(name) || INTERPRETERS.has(name) || name === 'source' || name === '.' || name === 'eval') {
    if (inv.nodes.some((n) => containsDownload(n))) f.dangerous.push(`${name} runs code downloaded from the network`);
  }
  if (SHELLS.has(name)) return shell(inv, f, ctx, scope);
  if (INTERPRETERS.has(name)) return interpreter(inv, f);
  switch (name) {
    case 'eval':
    case 'watch': {
      const script = args.every((a) => a !== null) ? args.filter((a) => name !== 'watch' || !a!.startsWith('-')).join(' ') : null;
      if (script === null) f.unknown.push(`${name} runs a command only known at run time`);
      else ctx.analyzeScript(script, name === 'eval' ? scope : childScope(scope), ctx.depth + 1);
      return;
    }
    case 'source':
    case '.':
      f.unknown.push(`${name} runs the script ${args[0] ?? '?'} in this shell (not analyzed)`);
      return;
    case 'xargs':
      return xargs(inv, f, ctx, scope);
    case 'find':
    case 'fd':
      return name === 'find' ? find(inv, f, ctx, scope) : fd(inv, f, ctx, scope);
    default:
  }
}

function shell(inv: Invocation, f: Finding, ctx: Ctx, scope: Scope): void {
  const { name, args } = inv;
  if (args.length === 1 && VERSION.test(args[0] ?? '')) return;
  const cIdx = args.findIndex((a) => a !== null && /^-[a-zA-Z]*c[a-zA-Z]*$/.test(a));
  if (cIdx >= 0) {
    const script = args[cIdx + 1];
    if (script === null || script === undefined) f.unknown.push(`${name} -c runs a command only known at run time`);
    else ctx.analyzeScript(script, childScope(scope), ctx.depth + 1);
    return;
  }
  const opts = options(args);
  if (args.some((a) => a === null)) {
    f.unknown.push(`${name} with an argument only known at run time`);
    return;
  }
  if (opts.operands.length && !opts.flags.includes('-s') && opts.operands[0] !== '-') {
    f.unknown.push(`${name} runs the script ${opts.operands[0]} (not analyzed)`);
    return;
  }
  stdinProgram(inv, f, ctx, scope);
}

function interpreter(inv: Invocation, f: Finding): void {
  const { name, args } = inv;
  if (args.length === 1 && VERSION.test(args[0] ?? '')) return;
  const opts = options(args);
  const code = opts.flags.find((fl) => !fl.startsWith('--') && /^-[a-zA-Z]*[cemEr]/.test(fl)) ?? opts.flags.find((fl) => fl === '--eval' || fl === '--print');
  if (code) {
    f.unknown.push(`${name} ${code} runs code the classifier cannot read (it may write or delete anything)`);
    return;
  }
  if (opts.operands.length && opts.operands[0] !== '-') {
    f.unknown.push(`${name} runs the program ${opts.operands[0] ?? '(only known at run time)'} (not analyzed)`);
    return;
  }
  if (inv.stdin?.kind === 'download') f.dangerous.push(`pipes a download into ${name} (runs code fetched from the network)`);
  else f.unknown.push(`${name} runs code read from its input (not analyzed)`);
}

/** A shell reading its program from stdin: a here-doc, here-string or `echo '…' |`. */
function stdinProgram(inv: Invocation, f: Finding, ctx: Ctx, scope: Scope): void {
  const stdin = inv.stdin;
  if (stdin?.kind === 'download') f.dangerous.push(`pipes a download into ${inv.name} (runs code fetched from the network)`);
  else if (stdin?.kind === 'script') ctx.analyzeScript(stdin.text, childScope(scope), ctx.depth + 1);
  else f.unknown.push(`${inv.name} runs a program read from its input (only known at run time)`);
}

function xargs(inv: Invocation, f: Finding, ctx: Ctx, scope: Scope): void {
  const valueOpts = new Set(['-I', '-n', '-d', '-P', '-L', '-a', '-E', '-s', '-i']);
  let i = 0;
  let replace: string | null = null;
  let splitsPlainly = true;
  for (; i < inv.args.length; i++) {
    const a = inv.args[i];
    if (a === null) {
      f.unknown.push('xargs with an argument only known at run time');
      return;
    }
    if (!a.startsWith('-') || a === '-') break;
    if (a === '--') {
      i++;
      break;
    }
    if (a.startsWith('-I') || a.startsWith('-i') || a.startsWith('--replace')) replace = a.length > 2 && a.startsWith('-I') ? a.slice(2) : a.startsWith('-I') ? (inv.args[i + 1] ?? '{}') : '{}';
    if (/^-[0d]|^--null|^--delimiter|^-a|^--arg-file/.test(a)) splitsPlainly = false;
    if (valueOpts.has(a)) i++;
  }
  const innerName = inv.args[i];
  if (innerName === undefined) {
    f.readOnly = true; // xargs runs echo
    return;
  }
  if (innerName === null || inv.globs[i]) {
    f.unknown.push('xargs runs a command only known at run time');
    return;
  }
  // The words xargs appends come from its input: known when that is a literal `echo`.
  const fromInput = inv.stdin?.kind === 'script' && splitsPlainly ? inv.stdin.text.trim().split(/\s+/).filter(Boolean) : null;
  let rest = inv.args.slice(i + 1);
  let globs = inv.globs.slice(i + 1);
  if (replace !== null) {
    rest = rest.map((a) => (a !== null && a.includes(replace) ? (fromInput && fromInput.length === 1 ? a.split(replace).join(fromInput[0]) : null) : a));
  } else {
    const added = fromInput ?? [null];
    rest = [...rest, ...added];
    globs = [...globs, ...added.map(() => false)];
  }
  const inner: Invocation = { name: baseName(innerName), written: innerName, args: rest, nodes: [], globs, wrappers: [...inv.wrappers, 'xargs'] };
  if (mergeInner(f, inner, ctx, scope, 'xargs')) f.readOnly = true;
}

function findStarts(inv: Invocation): { starts: Array<string | null>; exprAt: number } {
  let i = 0;
  while (i < inv.args.length && /^-[HLP]$|^-O\d$|^-D$/.test(inv.args[i] ?? '')) i += inv.args[i] === '-D' ? 2 : 1;
  const starts: Array<string | null> = [];
  for (; i < inv.args.length; i++) {
    const a = inv.args[i];
    if (a !== null && (a.startsWith('-') || a === '(' || a === '!' || a === ',')) break;
    starts.push(a === null || inv.globs[i] ? null : a);
  }
  return { starts: starts.length ? starts : ['.'], exprAt: i };
}

function find(inv: Invocation, f: Finding, ctx: Ctx, scope: Scope): void {
  const { starts, exprAt } = findStarts(inv);
  const args = inv.args;
  if (args.slice(exprAt).some((a, k) => a === null || inv.globs[exprAt + k])) {
    f.unknown.push('find with an expression word only known at run time (it could be -delete or -exec)');
    return;
  }
  let readOnly = true;
  const under = (s: string | null): string | null => (s === null ? null : `${s.replace(/\/+$/, '')}/*`);
  for (let i = exprAt; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-delete') {
      readOnly = false;
      for (const s of starts) ctx.remove(f, under(s), scope, true, 'find -delete deletes');
    } else if (/^-(fprint|fprint0|fprintf|fls)$/.test(a)) {
      readOnly = false;
      ctx.write(f, args[i + 1] ?? null, scope, `find ${a} writes`);
    } else if (/^-(exec|execdir|ok|okdir)$/.test(a)) {
      let end = i + 1;
      while (end < args.length && args[end] !== ';' && args[end] !== '+') end++;
      const words = args.slice(i + 1, end);
      const cmd = words[0];
      if (cmd === null || cmd === undefined) {
        f.unknown.push(`find ${a} runs a command only known at run time`);
        readOnly = false;
      } else {
        for (const s of starts.length ? starts : ['.']) {
          const rest = words.slice(1).map((w) => (w === '{}' ? under(a.endsWith('dir') ? '.' : s) : w));
          const inner: Invocation = { name: baseName(cmd), written: cmd, args: rest, nodes: [], globs: rest.map((w) => w !== null && w.endsWith('/*')), wrappers: ['find'] };
          if (!mergeInner(f, inner, ctx, scope, `find ${a}`)) readOnly = false;
        }
      }
      i = end;
    }
  }
  for (const s of starts) if (s === null) f.unknown.push('find over a path only known at run time');
  if (readOnly) f.readOnly = true;
}

function fd(inv: Invocation, f: Finding, _ctx: Ctx, _scope: Scope): void {
  if (inv.args.some((a, i) => a === null || inv.globs[i] || /^(-x|-X|--exec|--exec-batch)/.test(a))) f.unknown.push('fd runs a command (-x/--exec) or has an argument only known at run time');
  else f.readOnly = true;
}

/** Classifies the command a wrapper runs; its reasons join `f`. True when it only reads. */
function mergeInner(f: Finding, inner: Invocation, ctx: Ctx, scope: Scope, via: string): boolean {
  const sub = new Finding(inner.name, null);
  runRules(inner, sub, ctx, scope);
  f.dangerous.push(...sub.dangerous);
  f.unknown.push(...sub.unknown);
  if (!sub.readOnly && !sub.unknown.length && !sub.dangerous.length) f.unknown.push(`${via} runs ${inner.name}, which is not on the read-only allowlist`);
  return sub.risk === 'safe';
}

/** True when a node contains a `$(…)` or `<(…)` whose commands include a downloader. */
export function containsDownload(node: BashNode): boolean {
  const stack: Array<{ n: BashNode; inSub: boolean }> = [{ n: node, inSub: false }];
  while (stack.length) {
    const { n, inSub } = stack.pop()!;
    const sub = inSub || n.type === 'command_substitution' || n.type === 'process_substitution';
    if (sub && n.type === 'command') {
      const nameText = n.childForFieldName('name')?.text ?? '';
      if (DOWNLOADERS.has(baseName(nameText.replace(/^\\/, '')))) return true;
    }
    for (const c of n.namedChildren) if (c) stack.push({ n: c, inSub: sub });
  }
  return false;
}

/** True for programs that fetch from the network (used for `curl … | sh`). */
export function isDownloader(name: string): boolean {
  return DOWNLOADERS.has(name);
}
