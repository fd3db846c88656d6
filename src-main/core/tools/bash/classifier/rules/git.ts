import type { Ctx } from '../context';
import { foreignRepo } from '../foreign-repo';
import type { Finding } from '../findings';
import { options, type Invocation } from '../invocation';
import type { Scope } from '../scope';
import type { Word } from '../words';

// Sub-commands that only read (given the option checks below).
const READ_ONLY = new Set(['status', 'log', 'diff', 'show', 'rev-parse', 'ls-files', 'blame', 'describe', 'shortlog', 'branch', 'remote', 'tag', 'grep', 'ls-tree', 'cat-file', 'rev-list', 'show-ref', 'for-each-ref', 'name-rev', 'merge-base', 'count-objects', 'config', 'stash', 'worktree', 'reflog', 'whatchanged', 'var']);
const NETWORK = new Set(['clone', 'fetch', 'pull', 'push', 'ls-remote', 'submodule', 'remote']);
// Options of read-only sub-commands that run a program or write a file.
const RUNS_OR_WRITES: Array<[RegExp, string]> = [
  [/^--ext-diff$/, 'runs the configured external diff program (--ext-diff)'],
  [/^--output(=|$)/, 'writes its output to a file (--output)'],
  [/^(-O|--open-files-in-pager)/, 'runs a pager program (git grep -O)'],
  [/^--textconv$/, 'runs textconv filter programs (--textconv)'],
  [/^--filters$/, 'runs the configured clean/smudge filter programs (--filters)'],
  [/^--exec(=|$)/, 'runs a program (--exec)'],
  [/^--upload-pack|^--receive-pack|^-u$/, 'runs a program on the remote side (--upload-pack)'],
];

/**
 * git: configuration given on the command line can run programs (`-c core.fsmonitor=…`,
 * `-c diff.external=…`, `-c core.pager=…`, aliases with `!`), so any `-c`/`--config-env` is
 * unknown; `-C DIR` and `--work-tree` move where it writes and deletes; `reset --hard` and
 * `push --force` are dangerous; only a short list of sub-commands without writing options reads.
 */
export function gitRules(inv: Invocation, f: Finding, ctx: Ctx, scope: Scope): void {
  if (inv.name !== 'git') return;
  const args = inv.args;
  if (args.some((a, i) => a === null || inv.globs[i])) {
    f.unknown.push('git with an argument only known at run time');
    return;
  }
  let workDir: string | null = scope.cwd;
  let gitDir: string | null | undefined;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-c' || a.startsWith('-c') || a.startsWith('--config-env')) {
      const setting = a === '-c' ? args[++i] : a.startsWith('--config-env') ? a.split('=').slice(1).join('=') || args[++i] : a.slice(2);
      const key = (setting ?? '').split('=')[0]!.toLowerCase();
      f.unknown.push(`runs a program via git -c ${key || '?'} (configuration on the command line can run programs)`);
      continue;
    }
    if (a === '-C') {
      const d = args[++i] ?? null;
      workDir = d === null || workDir === null ? null : (ctx.resolve(d, { ...scope, cwd: workDir }) ?? null);
      continue;
    }
    if (a.startsWith('--work-tree') || a.startsWith('--git-dir')) {
      const d = a.includes('=') ? a.slice(a.indexOf('=') + 1) : (args[++i] ?? null);
      if (a.startsWith('--work-tree')) workDir = d === null ? null : ctx.resolve(d, scope);
      else gitDir = d === null ? null : ctx.resolve(d, { ...scope, cwd: workDir });
      continue;
    }
    if (a.startsWith('--exec-path') || a === '--namespace') {
      if (a === '--namespace' || a === '--exec-path') i++;
      if (a.startsWith('--exec-path')) f.unknown.push('git --exec-path runs programs from another directory');
      continue;
    }
    if (a === '--version' || a === '--help' || a === '-h') {
      if (!f.unknown.length) f.readOnly = true;
      return;
    }
    if (!a.startsWith('-')) break;
  }
  const sub = args[i] ?? null;
  const subArgs = args.slice(i + 1);
  if (sub === null) {
    if (!f.unknown.length) f.readOnly = true; // `git` alone prints help
    return;
  }
  if (NETWORK.has(sub) && !(sub === 'remote' && !['update', 'prune', 'show'].includes(subArgs[0] ?? ''))) ctx.findings.network.add(`git ${sub}`);
  if (sub === 'reset' && subArgs.includes('--hard')) f.dangerous.push('git reset --hard discards uncommitted work');
  if (sub === 'push' && subArgs.some((a) => a === '-f' || a === '--force' || a?.startsWith('--force-with-lease') || a === '--mirror' || (a !== null && /^-[a-zA-Z]*f/.test(a) && !a.startsWith('--')) || a?.startsWith('+'))) {
    f.dangerous.push('git push --force rewrites remote history');
  }
  if (sub === 'clean' && subArgs.some((a) => a !== null && (/^-[a-zA-Z]*f/.test(a) || a === '--force'))) {
    if (workDir === null) f.unknown.push('git clean in a directory only known at run time');
    else if (!ctx.writable(workDir)) {
      const real = ctx.realPath(workDir);
      ctx.findings.writesOutside.add(real);
      f.dangerous.push(`git clean deletes untracked files outside the workspace: ${real}`);
    } else f.unknown.push(`git clean deletes untracked files in ${workDir}`);
  }
  for (const a of subArgs) {
    const hit = RUNS_OR_WRITES.find(([re]) => re.test(a ?? '')) ?? abbreviated(a);
    if (hit) f.unknown.push(`git ${sub} ${hit[1]}`);
  }
  if (READ_ONLY.has(sub)) {
    const repo = gitDir !== undefined ? (gitDir === null ? '?' : ctx.realPath(gitDir) === ctx.realPath(`${ctx.ws}/.git`) ? null : gitDir) : workDir && foreignRepo(ctx.realPath(workDir), ctx.realPath(ctx.ws), ctx.roots);
    if (repo) f.unknown.push(`git ${sub} reads the configuration of the repository at ${repo}, which the agent could have written (it can name programs git runs)`);
  }
  if (READ_ONLY.has(sub) && readOnlySub(sub, subArgs) && !f.unknown.length) {
    f.readOnly = true;
    return;
  }
  // Anything else writes in the work tree (checkout, commit, merge, apply, stash …).
  if (!f.dangerous.length && sub !== 'clean' && workDir !== null && !ctx.writable(workDir)) ctx.write(f, workDir, scope, `git ${sub} writes in`);
  else if (workDir === null) f.unknown.push(`git ${sub} in a directory only known at run time`);
}

// git accepts any unambiguous prefix of a long option: `--ext-d` is `--ext-diff`.
const RISKY_LONG = ['ext-diff', 'output', 'open-files-in-pager', 'textconv', 'filters', 'exec', 'upload-pack', 'receive-pack'];
function abbreviated(a: string | null): [RegExp, string] | undefined {
  if (!a?.startsWith('--') || a.length < 4) return undefined;
  const name = a.slice(2).split('=')[0]!;
  const full = RISKY_LONG.find((l) => l.startsWith(name) && name.length < l.length);
  return full ? [/./, `--${name} may be an abbreviation of --${full} (runs a program or writes a file)`] : undefined;
}

function readOnlySub(sub: string, args: Word[]): boolean {
  const { flags, operands } = options(args);
  switch (sub) {
    case 'branch':
    case 'tag':
      return operands.length === 0 && !args.some((a) => /^-[dDmMcCfu]|^--(delete|move|copy|set-upstream|unset-upstream|edit|force)/.test(a ?? ''));
    case 'remote':
      return operands.length === 0;
    case 'config':
      return flags.some((f) => /^(--get|--get-all|--get-regexp|--list|-l|--show-origin|--show-scope)$/.test(f)) && !flags.some((f) => /^--(add|unset|replace|rename|remove|edit)|^-e$/.test(f));
    case 'stash':
    case 'worktree':
      return operands[0] === 'list' || (sub === 'stash' && operands[0] === 'show');
    case 'reflog':
      return operands.length === 0 || operands[0] === 'show';
    default:
      return true;
  }
}
