import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { isPathInside } from '../workspace/real-path';
import { isLink, isPlainFile, kindOf, realOf } from './fs-probe';
import { findGitDirs, gitDirNamedBy } from './git-control';

/**
 * Config keys a repository made during the session may keep: layout, identity, remotes and
 * branches. Everything else goes — fail-closed, since git has dozens of keys that name a
 * program (`core.fsmonitor`, `core.pager`, `diff.*.textconv`, `filter.*.smudge`, …) and more
 * come with each release.
 */
const SAFE_KEYS = [
  /^core\.(repositoryformatversion|filemode|bare|logallrefupdates|ignorecase|precomposeunicode|symlinks|autocrlf|eol|safecrlf|quotepath|abbrev|sparsecheckout|sparsecheckoutcone|checkstat|trustctime|untrackedcache|commentchar|worktree)$/,
  /^(user\.(name|email)|init\.defaultbranch|extensions\.(objectformat|worktreeconfig|partialclone)|gc\.auto|pull\.(rebase|ff)|fetch\.prune|push\.default|index\.version|protocol\.version|submodule\.active)$/,
  /^remote\..+\.(url|pushurl|fetch|push|tagopt|prune|mirror|promisor|partialclonefilter)$/,
  /^branch\..+\.(remote|merge|rebase|pushremote)$/,
  /^submodule\..+\.(url|active|branch|ignore|shallow)$/,
];

/** The suffix of what the sweep moved aside (nothing is deleted). */
export const QUARANTINE = '.glassbox-quarantine';

/** What the sweep did to one repository made during the session. */
export interface SweptRepo {
  gitDir: string;
  /** Config keys that were taken out (the whole file is kept beside it). */
  removedKeys: string[];
  /** Files moved aside: the original config, a `commondir` leading elsewhere, hooks. */
  movedAside: string[];
  /** What went wrong, when the sweep could not read or change everything. */
  problem?: string;
}

const GIT_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' };

/** The entries git reads from one config file (no includes), or undefined when git cannot parse it. */
function configEntries(file: string): { key: string; value: string | null }[] | undefined {
  const r = spawnSync('git', ['config', '--file', file, '--list', '--null'], { env: GIT_ENV, encoding: 'utf8', timeout: 10_000 });
  if (r.status !== 0) return undefined;
  return r.stdout
    .split('\0')
    .filter(Boolean)
    .map((entry) => {
      const nl = entry.indexOf('\n');
      return nl < 0 ? { key: entry, value: null } : { key: entry.slice(0, nl), value: entry.slice(nl + 1) };
    });
}

const quoted = (v: string) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;

/** A config file holding exactly `entries` (keys as git lists them: section[.subsection].name). */
function configText(entries: { key: string; value: string | null }[]): string {
  const sections = new Map<string, string[]>();
  for (const { key, value } of entries) {
    const first = key.indexOf('.');
    const last = key.lastIndexOf('.');
    const head = last > first ? `[${key.slice(0, first)} ${quoted(key.slice(first + 1, last))}]` : `[${key.slice(0, first)}]`;
    const line = `\t${key.slice(last + 1)}${value === null ? '' : ` = ${quoted(value)}`}`;
    sections.set(head, [...(sections.get(head) ?? []), line]);
  }
  return [...sections].map(([head, lines]) => `${head}\n${lines.join('\n')}\n`).join('');
}

/** One change the sweep makes: move a file aside, or create one (never over an existing one). */
export type SweepStep = { kind: 'move'; from: string; to: string } | { kind: 'write'; path: string; text: string };

/**
 * Runs the steps confined (the caller wraps the command in the session's sandbox): a link the
 * agent planted in a git directory can then not send a move or a write outside the writable
 * folders. True when every step was made.
 */
export type StepRunner = (steps: SweepStep[]) => boolean;

/** The shell script of a StepRunner: `mv FROM TO` and `write PATH TEXT`, stopping at the first failure; noclobber. */
export const STEP_SCRIPT = `set -C
while [ $# -gt 0 ]; do
  case "$1" in
    move) if [ -e "$3" ] || [ -L "$3" ]; then exit 3; fi; mv -- "$2" "$3" || exit 4; shift 3 ;;
    write) printf '%s' "$3" > "$2" || exit 5; shift 3 ;;
    *) exit 2 ;;
  esac
done`;

/** The arguments of STEP_SCRIPT for `steps`. */
export const stepArgs = (steps: SweepStep[]): string[] => steps.flatMap((s) => (s.kind === 'move' ? ['move', s.from, s.to] : ['write', s.path, s.text]));

/** Where `path` goes aside: `path.glassbox-quarantine`, numbered when that is taken. */
function asideOf(path: string): string {
  let to = path + QUARANTINE;
  for (let i = 2; existsSync(to) || isLink(to); i++) to = `${path}${QUARANTINE}-${i}`;
  return to;
}

/** Takes the program-naming keys out of one config file; the original is kept beside it. */
function disarmConfig(file: string, report: SweptRepo, steps: SweepStep[]): void {
  if (!existsSync(file) && !isLink(file)) return;
  // Anything but a plain file is moved aside unread (a link's target is not the agent's to have parsed).
  const entries = isPlainFile(file) ? configEntries(file) : undefined;
  const unsafe = entries?.filter((e) => !SAFE_KEYS.some((re) => re.test(e.key)));
  if (unsafe && unsafe.length === 0) return;
  report.removedKeys.push(...(unsafe ? [...new Set(unsafe.map((e) => e.key))] : ['(a config that is not a plain file git can read)']));
  const to = asideOf(file);
  report.movedAside.push(to);
  steps.push({ kind: 'move', from: file, to }, { kind: 'write', path: file, text: configText((entries ?? []).filter((e) => SAFE_KEYS.some((re) => re.test(e.key)))) });
}

/** What to do about one git directory made during the session. */
function planFor(gitDir: string, known: ReadonlySet<string>): { report: SweptRepo; steps: SweepStep[] } {
  const report: SweptRepo = { gitDir, removedKeys: [], movedAside: [] };
  const steps: SweepStep[] = [];
  disarmConfig(join(gitDir, 'config'), report, steps);
  disarmConfig(join(gitDir, 'config.worktree'), report, steps);
  const commondir = join(gitDir, 'commondir');
  if (existsSync(commondir) || isLink(commondir)) {
    const target = isPlainFile(commondir) ? readFileSync(commondir, 'utf8').trim() : undefined;
    if (target !== '.' && (target === undefined || !known.has(realOf(resolve(gitDir, target)) ?? ''))) {
      const to = asideOf(commondir);
      report.movedAside.push(to);
      steps.push({ kind: 'move', from: commondir, to });
    }
  }
  const hooks = join(gitDir, 'hooks');
  // Renamed in place: git runs a hook only under its exact name.
  const hookNames = isLink(hooks) ? ['.'] : existsSync(hooks) ? readdirSync(hooks).filter((n) => !n.endsWith('.sample') && !n.includes(QUARANTINE)) : [];
  for (const name of hookNames) {
    const from = name === '.' ? hooks : join(hooks, name);
    const to = asideOf(from);
    report.movedAside.push(to);
    steps.push({ kind: 'move', from, to });
  }
  return { report, steps };
}

/**
 * The git directories of the submodules registered in the workspace repository's index
 * (gitlinks, mode 160000) that lie inside the writable folders. Asks git (`ls-files`, which
 * runs no hook or fsmonitor; the workspace's config is read-only to confined code).
 */
function registeredGitDirs(workspace: string, writable: readonly string[]): string[] {
  if (!existsSync(join(workspace, '.git'))) return [];
  const r = spawnSync('git', ['-C', workspace, 'ls-files', '--stage', '-z'], { env: GIT_ENV, encoding: 'utf8', timeout: 10_000, maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0 || typeof r.stdout !== 'string') return [];
  const out: string[] = [];
  for (const entry of r.stdout.split('\0')) {
    const m = /^160000 [0-9a-f]+ \d\t(.+)$/s.exec(entry);
    if (!m) continue;
    const dotGit = join(workspace, m[1]!, '.git');
    const gitDir = isPlainFile(dotGit) ? gitDirNamedBy(dotGit) : kindOf(dotGit) === 'dir' ? realOf(dotGit) : undefined;
    if (gitDir && kindOf(gitDir) === 'dir' && writable.some((w) => isPathInside(gitDir, w))) out.push(gitDir);
  }
  return out;
}

/** True when `p` came to be (or was moved) after `since` (ms): its birth or change time. */
function changedSince(p: string, since: number): boolean {
  try {
    const st = statSync(p);
    return st.birthtimeMs > since || st.ctimeMs > since;
  } catch {
    return false;
  }
}

/** What the sweep knows of the git directories there were when the sandbox was set up. */
export interface KnownGit {
  known: ReadonlySet<string>;
  /** False when that walk stopped at a limit: an unknown git directory then counts as new only by its times. */
  complete: boolean;
  /** When the walk was made (ms since the epoch). */
  at: number;
}

/**
 * Disarms the git repositories confined code made during the session — git directories
 * `findGitDirs` finds now that were not there when the sandbox was set up: their config loses
 * every key not in SAFE_KEYS, and a `commondir` that leads anywhere but a known git directory
 * and any hook are moved aside. Without this, your next `git status` at the top (once the
 * repository is registered as a submodule, or `git add -A` registered it) or inside it would
 * run a `core.fsmonitor` the agent wrote, outside any sandbox. Nothing is deleted; the changes
 * are made by `run`, confined.
 */
export function sweepNewRepositories(workspace: string, writable: readonly string[], before: KnownGit, run: StepRunner): SweptRepo[] {
  const out: SweptRepo[] = [];
  // The walk can be run out of folders; the submodules registered in the workspace's index (the
  // ones your `git status` at the top recurses into) are looked at whatever the walk saw.
  const candidates = new Set([...findGitDirs(workspace, writable).gitDirs, ...registeredGitDirs(workspace, writable)]);
  for (const gitDir of candidates) {
    if (before.known.has(gitDir) || (!before.complete && !changedSince(gitDir, before.at))) continue;
    let plan: { report: SweptRepo; steps: SweepStep[] };
    try {
      plan = planFor(gitDir, before.known);
    } catch (err) {
      out.push({ gitDir, removedKeys: [], movedAside: [], problem: `it could not be read (${(err as Error).message})` });
      continue;
    }
    if (!plan.steps.length) continue;
    if (!run(plan.steps)) plan.report.problem = 'the changes could not all be made';
    out.push(plan.report);
  }
  return out;
}

/** One line for the user about a swept repository, paths relative to the workspace. */
export function sweptLine(workspace: string, r: SweptRepo): string {
  const base = realOf(workspace) ?? workspace;
  const rel = (p: string) => relative(base, p) || '.';
  const what = [
    ...(r.removedKeys.length ? [`took ${r.removedKeys.join(', ')} out of its config`] : []),
    ...(r.movedAside.length ? [`moved aside ${r.movedAside.map(rel).join(', ')}`] : []),
  ];
  const done = what.length ? ` Glassbox ${what.join(' and ')}.` : '';
  const problem = r.problem ? ` But ${r.problem}: look at it before you run git there.` : '';
  return `A git repository made during this session (${rel(r.gitDir)}) could make git run programs outside the sandbox:${done}${problem}`;
}
