import type { Ctx } from '../context';
import { isBlockDevice } from '../context';
import type { Finding } from '../findings';
import { options, type Invocation } from '../invocation';
import { baseName, type Scope } from '../scope';

// Commands that run the command given in their arguments; the inner one is what matters.
const WRAPPERS = new Set(['sudo', 'doas', 'env', 'nice', 'nohup', 'time', 'timeout', 'stdbuf', 'ionice', 'command', 'builtin', 'exec', 'chronic', 'coproc']);
// Options of wrappers that take a separate value (`sudo -u root`, `timeout -s KILL`).
const VALUE_OPTIONS: Record<string, Set<string>> = {
  sudo: new Set(['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-U']),
  doas: new Set(['-u', '-C']),
  env: new Set(['-u', '-C']),
  nice: new Set(['-n']),
  timeout: new Set(['-s', '-k', '--signal', '--kill-after']),
  stdbuf: new Set(['-i', '-o', '-e']),
  ionice: new Set(['-c', '-n', '-p']),
  exec: new Set(['-a']),
};
// Wrapper options that make the wrapper itself do something else (`env -S 'cmd …'` splits a string into a command).
// `env -C DIR` runs the command in another directory, which the paths below would not know.
const WRAPPER_RISKY_OPTIONS: Record<string, RegExp> = { env: /^-[a-zA-Z]*[SC]|^--split-string|^--chdir/, command: /^-[a-zA-Z]*p/ };
const DISK_TOOLS = new Set(['mkfs', 'mke2fs', 'mkswap', 'wipefs', 'fdisk', 'sfdisk', 'cfdisk', 'parted', 'gdisk', 'sgdisk']);
const POWER_COMMANDS = new Set(['reboot', 'shutdown', 'halt', 'poweroff']);
// Programs that talk to the network by their nature.
const NETWORK_COMMANDS = new Set(['curl', 'wget', 'fetch', 'aria2c', 'http', 'https', 'lwp-download', 'ssh', 'scp', 'sftp', 'ftp', 'telnet', 'nc', 'ncat', 'netcat', 'socat', 'ping', 'ping6', 'dig', 'nslookup', 'host', 'traceroute']);
// Package managers: the sub-commands that download.
const NETWORK_SUBCOMMANDS: Record<string, Set<string>> = {
  npm: new Set(['install', 'i', 'ci', 'add', 'update', 'up', 'upgrade', 'publish', 'view', 'info', 'outdated', 'audit', 'exec', 'x', 'create', 'init']),
  npx: new Set(['*']),
  pnpm: new Set(['install', 'i', 'add', 'update', 'up', 'dlx', 'publish', 'create']),
  yarn: new Set(['install', 'add', 'upgrade', 'dlx', 'create', 'publish', '']),
  pip: new Set(['install', 'download', 'search']),
  pip3: new Set(['install', 'download', 'search']),
  uv: new Set(['add', 'sync', 'pip', 'run', 'tool']),
  cargo: new Set(['install', 'fetch', 'update', 'publish', 'add', 'build', 'run', 'test']),
  go: new Set(['get', 'install', 'mod']),
  gem: new Set(['install', 'update', 'push']),
  apt: new Set(['install', 'update', 'upgrade', 'download']),
  'apt-get': new Set(['install', 'update', 'upgrade', 'download', 'source']),
  brew: new Set(['install', 'update', 'upgrade', 'tap']),
  docker: new Set(['pull', 'push', 'build', 'run', 'login']),
  rsync: new Set(['*']),
};

/**
 * Peels wrappers off a command (`sudo`, `env X=1`, `timeout 5`, `nice -n 5` …). Running as
 * root is dangerous; a wrapper whose command is only known at run time is unknown. Returns null
 * when there is no inner command (then `f` says why, or the wrapper alone is harmless).
 */
export function unwrap(inv: Invocation, f: Finding): Invocation | null {
  let cur = inv;
  while (WRAPPERS.has(cur.name)) {
    const w = cur.name;
    if (w === 'command' && cur.args.some((a) => a === '-v' || a === '-V')) break; // a lookup
    if (w === 'sudo' || w === 'doas') f.dangerous.push(`runs as root (${w})`);
    const valueOpts = VALUE_OPTIONS[w] ?? new Set<string>();
    let i = 0;
    while (i < cur.args.length) {
      const a = cur.args[i];
      if (a === null) break;
      if (a === '--') {
        i++;
        break;
      }
      if (w === 'env' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(a)) {
        f.unknown.push(`runs a command with changed environment variables (env ${a.split('=')[0]}=…)`);
        i++;
      } else if (a.startsWith('-') && a !== '-') {
        if (WRAPPER_RISKY_OPTIONS[w]?.test(a)) f.unknown.push(`${w} ${a} runs a command line only known at run time`);
        i += valueOpts.has(a) ? 2 : 1;
      } else break;
    }
    if (w === 'timeout' && i < cur.args.length) i++; // the duration
    if (i >= cur.args.length) {
      // `env`, `time`, `exec` with nothing to run: env prints, exec only redirects.
      if (w === 'env' || w === 'time' || w === 'exec' || w === 'command' || w === 'builtin') f.readOnly = f.unknown.length === 0;
      else f.unknown.push(`${w} without a command`);
      return null;
    }
    const next = cur.args[i];
    if (next === null || next === undefined || cur.globs[i]) {
      f.unknown.push(`${w} runs a command only known at run time`);
      return null;
    }
    cur = {
      name: baseName(next),
      written: next,
      args: cur.args.slice(i + 1),
      nodes: cur.nodes.slice(i + 1),
      globs: cur.globs.slice(i + 1),
      wrappers: [...cur.wrappers, w],
    };
  }
  return cur;
}

/** Root, disks, power and network: what no sandbox decision inside the workspace covers. */
export function systemRules(inv: Invocation, f: Finding, ctx: Ctx, scope: Scope): void {
  const { name, args } = inv;
  if (name === 'su') f.dangerous.push('switches user (su)');
  if (DISK_TOOLS.has(name) || name.startsWith('mkfs.')) f.dangerous.push(`${name} formats or repartitions disks`);
  if (name === 'dd') {
    for (const a of args) {
      if (a === null) f.unknown.push('dd with an operand only known at run time');
      else if (a.startsWith('of=')) {
        const target = a.slice(3);
        const p = ctx.resolve(target, scope) ?? target;
        if (isBlockDevice(p)) f.dangerous.push(`dd writes onto the device ${p}`);
        else ctx.write(f, target, scope, 'dd writes');
      }
    }
  }
  if (POWER_COMMANDS.has(name) || (name === 'init' && (args[0] === '0' || args[0] === '6'))) f.dangerous.push(`${name} shuts down or reboots the machine`);
  if (name === 'systemctl' && args.some((a) => a !== null && ['reboot', 'poweroff', 'halt'].includes(a))) f.dangerous.push('systemctl shuts down or reboots the machine');
  if (NETWORK_COMMANDS.has(name)) ctx.findings.network.add(name);
  const subs = NETWORK_SUBCOMMANDS[name];
  if (subs) {
    const sub = options(args).operands[0];
    if (subs.has('*') || (sub !== null && subs.has(sub ?? '')) || sub === null) ctx.findings.network.add(`${name}${sub ? ` ${sub}` : ''}`);
  }
}
