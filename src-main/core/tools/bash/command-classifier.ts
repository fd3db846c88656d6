import { homedir } from 'node:os';
import { posix } from 'node:path';
import { isBashParserLoaded, loadBashParser, withBashTree, type BashNode } from './bash-parser';

/** How risky a shell command looks: read-only, can't tell, or destructive/escalating. */
export type CommandRisk = 'safe' | 'unknown' | 'dangerous';

/** The classifier's verdict with human-readable reasons (shown in approvals and the trace). */
export interface CommandClassification {
  risk: CommandRisk;
  reasons: string[];
}

/** Inputs the classifier would otherwise read from the machine; tests pin them. */
export interface ClassifyOptions {
  /** The user's home directory (what `~` and `$HOME` mean). Default: os.homedir(). */
  home?: string;
}

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

// Read-only commands that never write, escalate or execute other programs (given the
// per-command checks in `isSafeCommand`).
const SAFE_COMMANDS = new Set([
  'ls', 'cat', 'head', 'tail', 'wc', 'pwd', 'echo', 'printf', 'grep', 'egrep', 'fgrep', 'rg',
  'find', 'stat', 'file', 'which', 'type', 'whoami', 'id', 'date', 'uname', 'hostname', 'env',
  'printenv', 'du', 'df', 'tree', 'sort', 'diff', 'cmp', 'basename', 'dirname', 'realpath',
  'readlink', 'true', 'false', 'test', '[', 'git', 'cd', 'nl', 'cut', 'tr', 'column', 'jq',
  'md5sum', 'sha1sum', 'sha256sum', 'uptime', 'ps', 'less', 'more', 'seq', 'sleep', 'command',
]);

// Commands that run the command given in their arguments; the inner one is what matters.
const WRAPPERS = new Set(['sudo', 'doas', 'env', 'nice', 'nohup', 'time', 'timeout', 'stdbuf', 'ionice', 'command', 'builtin', 'exec', 'xargs', 'chronic']);
// Options of wrappers that take a separate value (`xargs -n 1`, `sudo -u root`).
const WRAPPER_VALUE_OPTIONS: Record<string, Set<string>> = {
  sudo: new Set(['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-U']),
  doas: new Set(['-u', '-C']),
  env: new Set(['-u', '-C', '-S']),
  nice: new Set(['-n']),
  timeout: new Set(['-s', '-k', '--signal', '--kill-after']),
  stdbuf: new Set(['-i', '-o', '-e']),
  ionice: new Set(['-c', '-n', '-p']),
  xargs: new Set(['-I', '-n', '-d', '-P', '-L', '-a', '-E', '-s']),
};
const DOWNLOADERS = new Set(['curl', 'wget', 'fetch', 'aria2c', 'http', 'https', 'lwp-download']);
const INTERPRETERS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'csh', 'tcsh', 'python', 'python2', 'python3', 'perl', 'ruby', 'node', 'php']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'csh', 'tcsh']);
const DISK_TOOLS = new Set(['mkfs', 'mke2fs', 'mkswap', 'wipefs', 'fdisk', 'sfdisk', 'cfdisk', 'parted', 'gdisk', 'sgdisk']);
const POWER_COMMANDS = new Set(['reboot', 'shutdown', 'halt', 'poweroff']);
// Top-level directories that hold the system; recursive permission changes there break it.
const SYSTEM_ROOTS = ['/etc', '/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/var', '/boot', '/opt', '/root', '/home', '/sys', '/proc', '/dev', '/srv', '/System', '/Library', '/Applications'];
// Files under these are system configuration/binaries: redirecting output onto them is destructive.
const SYSTEM_WRITE_ROOTS = ['/etc', '/boot', '/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64'];
const HARMLESS_DEVICES = new Set(['/dev/null', '/dev/zero', '/dev/stdout', '/dev/stderr', '/dev/tty', '/dev/random', '/dev/urandom']);
const GLOB_CHARS = /[*?[]/;

interface Verdicts {
  dangerous: string[];
  unknown: string[];
  safe: string[];
  commands: number;
}

interface Scope {
  /** The shell's directory as far as static `cd`s tell; null when it cannot be known. */
  cwd: string | null;
}

/** A command word: its static text, or null when it depends on expansions at run time. */
type Word = string | null;

function isInside(path: string, dir: string): boolean {
  const rel = posix.relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !posix.isAbsolute(rel));
}

function isStrictlyInside(path: string, dir: string): boolean {
  return path !== dir && isInside(path, dir);
}

function baseName(cmd: string): string {
  return cmd.includes('/') ? posix.basename(cmd) : cmd;
}

function isSystemPath(p: string): boolean {
  return p === '/' || SYSTEM_ROOTS.some((root) => isInside(p, root));
}

function isBlockDevice(p: string): boolean {
  return p.startsWith('/dev/') && !HARMLESS_DEVICES.has(p) && !p.startsWith('/dev/fd/') && !p.startsWith('/dev/pts/');
}

/**
 * Classifies a shell command by parsing it (tree-sitter bash) and checking every simple
 * command inside lists, pipelines, subshells, `$(…)`, `<(…)`, functions and `sh -c '…'`.
 * Pure and synchronous; {@link initCommandClassifier} must have been awaited once.
 *
 * - dangerous: recursive deletes of `/`, `~`, the workspace itself or paths outside it;
 *   sudo/doas/su; disk formatting/partitioning; `dd` onto a device; output redirected onto a
 *   device or system file; download piped (or substituted) into a shell; `git reset --hard`;
 *   `git push --force`; recursive chmod/chown/chgrp of system paths; fork bombs; reboot.
 * - safe: every command is on a short read-only allowlist and nothing is written (output
 *   redirected only to /dev/null or another descriptor).
 * - unknown: everything else.
 */
export function classify(command: string, workspace: string, opts: ClassifyOptions = {}): CommandClassification {
  if (!isBashParserLoaded()) {
    throw new Error('classify() called before initCommandClassifier() finished loading the bash grammar');
  }
  const home = posix.resolve(opts.home ?? homedir());
  const ws = posix.resolve(workspace);
  const v: Verdicts = { dangerous: [], unknown: [], safe: [], commands: 0 };
  analyzeSource(command, { ws, home }, v, 0);
  const uniq = (xs: string[]): string[] => [...new Set(xs)];
  if (v.dangerous.length) return { risk: 'dangerous', reasons: uniq([...v.dangerous, ...v.unknown]) };
  if (v.unknown.length) return { risk: 'unknown', reasons: uniq(v.unknown) };
  if (v.commands === 0) return { risk: 'safe', reasons: ['no commands to run'] };
  return { risk: 'safe', reasons: [`read-only: ${uniq(v.safe).join(', ')}`] };
}

interface Env {
  ws: string;
  home: string;
}

function analyzeSource(source: string, env: Env, v: Verdicts, depth: number): void {
  if (depth > 4) {
    v.unknown.push('nested shell strings too deep to analyze');
    return;
  }
  withBashTree(source, (root) => {
    if (root.hasError) v.unknown.push('the command does not parse cleanly as bash');
    new Analyzer(env, v, depth).visit(root, { cwd: env.ws });
  });
}

/** Walks one syntax tree, recording verdicts for each simple command and redirect. */
class Analyzer {
  constructor(
    private readonly env: Env,
    private readonly v: Verdicts,
    private readonly depth: number,
  ) {}

  visit(node: BashNode, scope: Scope): void {
    switch (node.type) {
      case 'command':
        this.command(node, scope);
        return;
      case 'subshell':
      case 'command_substitution':
      case 'process_substitution':
        this.children(node, { cwd: scope.cwd });
        return;
      case 'pipeline':
        this.pipeline(node, scope);
        return;
      case 'function_definition':
        this.functionDefinition(node, scope);
        return;
      case 'file_redirect':
        this.redirect(node, scope);
        return;
      case 'variable_assignment':
        this.v.unknown.push(`sets a shell variable (${node.childForFieldName('name')?.text ?? '?'})`);
        this.children(node, scope);
        return;
      case 'declaration_command':
      case 'unset_command':
        this.v.unknown.push(`changes shell variables (${node.children[0]?.text ?? '?'})`);
        this.children(node, scope);
        return;
      default:
        this.children(node, scope);
    }
  }

  private children(node: BashNode, scope: Scope): void {
    for (const c of node.namedChildren) if (c) this.visit(c, scope);
  }

  /** Static text of a word-like node; `~` and `$HOME` expand to the home directory. */
  private word(node: BashNode): Word {
    switch (node.type) {
      case 'word':
      case 'number':
        return node.text.replace(/\\(.)/g, '$1');
      case 'raw_string':
        return node.text.slice(1, -1);
      case 'string': {
        let out = '';
        for (const c of node.namedChildren) {
          if (!c) continue;
          if (c.type === 'string_content') out += c.text;
          else {
            const w = this.word(c);
            if (w === null) return null;
            out += w;
          }
        }
        return out;
      }
      case 'simple_expansion':
      case 'expansion': {
        const name = node.namedChildren.find((c) => c?.type === 'variable_name');
        const plain = node.type === 'simple_expansion' || node.namedChildren.length === 1;
        return name && name.text === 'HOME' && plain ? this.env.home : null;
      }
      case 'concatenation': {
        let out = '';
        for (const c of node.namedChildren) {
          if (!c) continue;
          const w = this.word(c);
          if (w === null) return null;
          out += w;
        }
        return out;
      }
      default:
        return null;
    }
  }

  /** Resolves a path argument against the known cwd (null when it cannot be known). */
  private path(arg: string, scope: Scope): string | null {
    let p = arg;
    if (p === '~' || p.startsWith('~/')) p = this.env.home + p.slice(1);
    else if (p.startsWith('~')) return null; // ~user
    if (posix.isAbsolute(p)) return posix.resolve(p);
    return scope.cwd === null ? null : posix.resolve(scope.cwd, p);
  }

  private pipeline(node: BashNode, scope: Scope): void {
    const stages = node.namedChildren.filter((c): c is BashNode => !!c);
    let downloaded = false;
    for (const stage of stages) {
      const cmd = stage.type === 'redirected_statement' ? stage.childForFieldName('body') : stage;
      if (cmd?.type === 'command') {
        const words = this.commandWords(cmd);
        const inner = unwrap(words);
        const name = inner.name === null ? null : baseName(inner.name);
        if (downloaded && name && INTERPRETERS.has(name) && readsProgramFromStdin(name, inner.args)) {
          this.v.dangerous.push(`pipes a download into ${name} (runs code fetched from the network)`);
        }
        if (name && DOWNLOADERS.has(name)) downloaded = true;
      }
      this.visit(stage, scope);
    }
  }

  private functionDefinition(node: BashNode, scope: Scope): void {
    const name = node.childForFieldName('name')?.text;
    const body = node.childForFieldName('body');
    if (name && body && callsItselfInBackgroundOrPipe(body, name)) {
      this.v.dangerous.push(`fork bomb: function ${name} spawns copies of itself`);
    } else {
      this.v.unknown.push(`defines a shell function (${name ?? '?'})`);
    }
    if (body) this.visit(body, { cwd: scope.cwd });
  }

  private redirect(node: BashNode, scope: Scope): void {
    const dest = node.childForFieldName('destination');
    const op = node.children.find((c) => c && !c.isNamed)?.text ?? '>';
    for (const c of node.namedChildren) if (c && c !== dest) this.visit(c, scope);
    if (dest) this.visit(dest, scope);
    if (op === '<' || op === '<<<') return; // reading a file is read-only
    if (!dest) return;
    const target = this.word(dest);
    if (op === '>&' || op === '<&' || op === '&>' ? /^\d+-?$|^-$/.test(target ?? '') : false) return; // 2>&1
    if (target === null) {
      this.v.unknown.push('redirects output to a file only known at run time');
      return;
    }
    const p = this.path(target, scope) ?? target;
    if (p === '/dev/null' || p === '/dev/stdout' || p === '/dev/stderr') return;
    if (isBlockDevice(p)) this.v.dangerous.push(`writes directly onto the device ${p}`);
    else if (SYSTEM_WRITE_ROOTS.some((r) => isInside(p, r))) this.v.dangerous.push(`overwrites the system file ${p}`);
    else this.v.unknown.push(`writes to a file (${target})`);
  }

  /** The command's name and argument words (assignments excluded). */
  private commandWords(node: BashNode): { name: Word; args: Word[]; argNodes: BashNode[] } {
    const nameNode = node.childForFieldName('name');
    const argNodes = node.childrenForFieldName('argument').filter((c): c is BashNode => !!c);
    return {
      name: nameNode ? this.word(nameNode.namedChildren[0] ?? nameNode) : null,
      args: argNodes.map((a) => this.word(a)),
      argNodes,
    };
  }

  private command(node: BashNode, scope: Scope): void {
    this.v.commands++;
    // Substitutions inside names, arguments and assignments run too: analyze them first.
    for (const c of node.namedChildren) {
      if (!c) continue;
      if (c.type === 'variable_assignment') {
        for (const vc of c.namedChildren) if (vc) this.visit(vc, scope);
      } else this.visit(c, scope);
    }
    const words = this.commandWords(node);
    const hasAssignments = node.namedChildren.some((c) => c?.type === 'variable_assignment');
    if (words.name === null) {
      this.v.unknown.push('the command name is only known at run time');
      return;
    }
    const before = this.v.dangerous.length + this.v.unknown.length;
    const inner = unwrap(words);
    for (const w of inner.wrappers) {
      if (w === 'sudo' || w === 'doas') this.v.dangerous.push(`runs as root (${w})`);
    }
    if (inner.name === null) {
      if (inner.wrappers.length && !inner.wrappers.every((w) => w === 'env' || w === 'command')) {
        this.v.unknown.push(`${inner.wrappers[0]} runs a command only known at run time`);
      }
      if (inner.wrappers.length && this.v.dangerous.length + this.v.unknown.length === before) this.v.safe.push(inner.wrappers[0]!);
      return;
    }
    const name = baseName(inner.name);
    const args = inner.args;
    const argNodes = words.argNodes.slice(words.args.length - args.length);
    this.rules(name, args, argNodes, scope);
    if (name === 'cd') scope.cwd = args.length === 0 ? this.env.home : args[0] === '-' || args[0] === null ? null : this.path(args[0]!, scope);
    if (this.v.dangerous.length + this.v.unknown.length > before) return;
    if (inner.wrappers.some((w) => w !== 'command' && w !== 'time')) {
      this.v.unknown.push(`${inner.wrappers[0]} wraps ${name}`);
    } else if (hasAssignments) {
      this.v.unknown.push(`runs ${name} with changed environment variables`);
    } else if (isSafeCommand(name, args)) {
      this.v.safe.push(name);
    } else {
      this.v.unknown.push(`${name} is not on the read-only allowlist`);
    }
  }

  /** The dangerous-command rules, one per family. */
  private rules(name: string, args: Word[], argNodes: BashNode[], scope: Scope): void {
    const { dangerous, unknown } = this.v;
    const opts = options(args);
    if (name === 'su') dangerous.push('switches user (su)');
    if (name === 'rm') this.recursiveTargets(opts, /^-[a-zA-Z]*[rR]/, '--recursive', 'deletes', scope, (p) => !isStrictlyInside(p, this.env.ws));
    if (name === 'rm' && opts.flags.includes('--no-preserve-root')) dangerous.push('rm --no-preserve-root');
    if (name === 'find') {
      const deletes = args.includes('-delete') || args.some((a, i) => (a === '-exec' || a === '-execdir' || a === '-ok') && args[i + 1] === 'rm');
      if (deletes) {
        const starts = args.slice(0, Math.max(0, args.findIndex((a) => a !== null && a.startsWith('-')))).filter((a) => a !== null);
        for (const s of starts.length ? starts : ['.']) {
          const p = this.path(s, scope);
          if (p === null) unknown.push('find runs actions on a path only known at run time');
          else if (!isInside(p, this.env.ws)) dangerous.push(`find -delete over ${p} (outside the workspace)`);
        }
      }
    }
    if (DISK_TOOLS.has(name) || name.startsWith('mkfs.')) dangerous.push(`${name} formats or repartitions disks`);
    if (name === 'dd') {
      for (const a of args) {
        if (a?.startsWith('of=')) {
          const p = this.path(a.slice(3), scope) ?? a.slice(3);
          if (isBlockDevice(p)) dangerous.push(`dd writes onto the device ${p}`);
        }
      }
    }
    if (POWER_COMMANDS.has(name) || (name === 'init' && (args[0] === '0' || args[0] === '6'))) dangerous.push(`${name} shuts down or reboots the machine`);
    if (name === 'systemctl' && args.some((a) => a !== null && ['reboot', 'poweroff', 'halt'].includes(a))) dangerous.push('systemctl shuts down or reboots the machine');
    if (name === 'git') {
      const sub = gitSubcommand(args);
      if (sub?.name === 'reset' && sub.args.includes('--hard')) dangerous.push('git reset --hard discards uncommitted work');
      if (sub?.name === 'push' && sub.args.some((a) => a === '-f' || a === '--force' || a?.startsWith('--force-with-lease') || a === '--mirror' || (a !== null && /^-[a-zA-Z]*f/.test(a) && !a.startsWith('--')) || a?.startsWith('+'))) {
        dangerous.push('git push --force rewrites remote history');
      }
    }
    if (name === 'chmod' || name === 'chown' || name === 'chgrp') {
      const skipFirst = !opts.flags.some((f) => f.startsWith('--reference'));
      const o = skipFirst ? { ...opts, operands: opts.operands.slice(1) } : opts;
      this.recursiveTargets(o, /^-[a-zA-Z]*R/, '--recursive', `${name} -R`, scope, (p) => (isSystemPath(p) || p === this.env.home) && !isStrictlyInside(p, this.env.ws));
    }
    // Code fetched from the network fed to a shell through $(…) or <(…).
    if (INTERPRETERS.has(name) || name === 'source' || name === '.' || name === 'eval') {
      if (argNodes.some((n) => containsDownload(n, (w) => this.commandWordsName(w)))) dangerous.push(`${name} runs code downloaded from the network`);
    }
    // `sh -c '…'` and `eval '…'` with a static string: analyze the inner command too.
    if (SHELLS.has(name) || name === 'eval') {
      const idx = name === 'eval' ? 0 : args.findIndex((a) => a !== null && /^-[a-zA-Z]*c[a-zA-Z]*$/.test(a)) + 1;
      if (idx > 0 || name === 'eval') {
        const script = name === 'eval' ? (args.every((a) => a !== null) ? args.join(' ') : null) : args[idx];
        if (script === null || script === undefined) unknown.push(`${name} runs a command only known at run time`);
        else analyzeSource(script, this.env, this.v, this.depth + 1);
      }
    }
  }

  private commandWordsName(node: BashNode): string | null {
    const w = this.commandWords(node);
    const inner = unwrap(w);
    return inner.name === null ? null : baseName(inner.name);
  }

  /** Flags recursive operations (rm -r, chmod -R) whose targets `isBad` rejects. */
  private recursiveTargets(
    opts: ParsedOptions,
    shortFlag: RegExp,
    longFlag: string,
    verb: string,
    scope: Scope,
    isBad: (p: string) => boolean,
  ): void {
    const recursive = opts.flags.some((f) => shortFlag.test(f) && !f.startsWith('--')) || opts.flags.includes(longFlag);
    if (!recursive) return;
    for (const t of opts.operands) {
      if (t === null) {
        this.v.unknown.push(`recursively ${verb} a path only known at run time`);
        continue;
      }
      const glob = GLOB_CHARS.exec(t);
      // For a glob, everything it can match lies under the directory before the wildcard.
      const fixed = glob ? t.slice(0, glob.index) : t;
      const base = glob ? (fixed.includes('/') ? fixed.slice(0, fixed.lastIndexOf('/') + 1) || '/' : '.') : t;
      const p = this.path(base === '' ? '.' : base, scope);
      if (p === null) {
        this.v.unknown.push(`recursively ${verb} ${t}, relative to a directory only known at run time`);
        continue;
      }
      const where = p === '/' ? 'the root directory' : p === this.env.home ? 'the home directory' : p === this.env.ws ? 'the whole workspace' : 'outside the workspace';
      if (p === '/' || p === this.env.home) this.v.dangerous.push(`recursively ${verb} ${t} (${where})`);
      else if (glob ? !isInside(p, this.env.ws) && isBad(p) : isBad(p)) this.v.dangerous.push(`recursively ${verb} ${t} (${where})`);
    }
  }
}

interface ParsedOptions {
  flags: string[];
  operands: Word[];
}

/** Splits arguments into option flags and operands (everything after `--` is an operand). */
function options(args: Word[]): ParsedOptions {
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

/** Peels wrappers (`sudo`, `env X=1`, `timeout 5`, `xargs -n1` …) off a command. */
function unwrap(words: { name: Word; args: Word[] }): { name: Word; args: Word[]; wrappers: string[] } {
  let name = words.name;
  let args = words.args;
  const wrappers: string[] = [];
  while (name !== null && WRAPPERS.has(baseName(name))) {
    const w = baseName(name);
    if (w === 'command' && args.some((a) => a === '-v' || a === '-V')) break; // lookup only
    wrappers.push(w);
    const valueOpts = WRAPPER_VALUE_OPTIONS[w] ?? new Set<string>();
    let i = 0;
    while (i < args.length) {
      const a = args[i];
      if (a === null) break;
      if (a === '--') {
        i++;
        break;
      }
      if (w === 'env' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(a)) i++;
      else if (a.startsWith('-') && a !== '-') i += valueOpts.has(a) ? 2 : 1;
      else break;
    }
    if (w === 'timeout' && i < args.length) i++; // the duration
    name = i < args.length ? args[i]! : null;
    args = args.slice(i + 1);
  }
  return { name, args, wrappers };
}

/** True when an interpreter would read its program from stdin (`sh`, `bash -s`, `python3 -`). */
function readsProgramFromStdin(name: string, args: Word[]): boolean {
  const opts = options(args);
  if (opts.flags.includes('-s')) return true;
  // Shells take code with -c; python -c/-m, perl/ruby/node -e, php -r.
  const codeFlag = SHELLS.has(name) ? /^-[a-zA-Z]*c/ : /^-[a-zA-Z]*[cmeEr]/;
  if (opts.flags.some((f) => !f.startsWith('--') && codeFlag.test(f))) return false;
  return opts.operands.length === 0 || opts.operands[0] === '-';
}

function gitSubcommand(args: Word[]): { name: string; args: Word[] } | null {
  const valueOpts = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path']);
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === null) return null;
    if (valueOpts.has(a)) i++;
    else if (!a.startsWith('-')) return { name: a, args: args.slice(i + 1) };
  }
  return null;
}

const SAFE_GIT = new Set(['status', 'log', 'diff', 'show', 'rev-parse', 'ls-files', 'blame', 'describe', 'shortlog', 'branch', 'remote', 'tag']);

/** Per-command checks for the read-only allowlist (no writing options). */
function isSafeCommand(name: string, args: Word[]): boolean {
  if (!SAFE_COMMANDS.has(name)) return false;
  const flags = options(args).flags;
  switch (name) {
    case 'find':
      return !args.some((a) => a !== null && /^-(delete|exec|execdir|ok|okdir|fprint|fprint0|fprintf|fls)$/.test(a));
    case 'sort':
      return !flags.some((f) => f.startsWith('-o') || f.startsWith('--output'));
    case 'date':
      return !flags.some((f) => f.startsWith('-s') || f.startsWith('--set'));
    case 'hostname':
      return options(args).operands.length === 0;
    case 'env':
      return args.length === 0;
    case 'command':
      return args.some((a) => a === '-v' || a === '-V');
    case 'git': {
      const sub = gitSubcommand(args);
      if (!sub || !SAFE_GIT.has(sub.name)) return false;
      if (sub.args.some((a) => a === null || a.startsWith('--output'))) return false;
      const ops = options(sub.args).operands;
      if (sub.name === 'branch' || sub.name === 'tag') return ops.length === 0 && !sub.args.some((a) => /^-[dDmMcC]|^--(delete|move|copy|set-upstream|unset-upstream|edit)/.test(a ?? ''));
      if (sub.name === 'remote') return ops.length === 0;
      return true;
    }
    default:
      return true;
  }
}

/** True when a node contains a `$(…)` or `<(…)` whose commands include a downloader. */
function containsDownload(node: BashNode, nameOf: (cmd: BashNode) => string | null): boolean {
  const stack: Array<{ n: BashNode; inSub: boolean }> = [{ n: node, inSub: false }];
  while (stack.length) {
    const { n, inSub } = stack.pop()!;
    const sub = inSub || n.type === 'command_substitution' || n.type === 'process_substitution';
    if (sub && n.type === 'command') {
      const name = nameOf(n);
      if (name !== null && DOWNLOADERS.has(name)) return true;
    }
    for (const c of n.namedChildren) if (c) stack.push({ n: c, inSub: sub });
  }
  return false;
}

/** Fork bomb shape: a function that calls itself in a pipeline or in the background. */
function callsItselfInBackgroundOrPipe(body: BashNode, name: string): boolean {
  const stack: BashNode[] = [body];
  while (stack.length) {
    const n = stack.pop()!;
    const isSelf = (c: BashNode | null): boolean =>
      !!c && c.type === 'command' && c.childForFieldName('name')?.text === name;
    if (n.type === 'pipeline' && n.namedChildren.some(isSelf)) return true;
    // `f &`: a self-call followed by a background operator.
    const kids = n.children;
    for (let i = 0; i < kids.length - 1; i++) {
      if (isSelf(kids[i]!) && kids[i + 1]?.type === '&') return true;
    }
    for (const c of n.namedChildren) if (c) stack.push(c);
  }
  return false;
}
