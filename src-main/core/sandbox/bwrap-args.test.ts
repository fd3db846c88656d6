import { describe, expect, it } from 'vitest';
import { bwrapArgs } from './bwrap-args';
import type { SandboxLayout } from './layout';

const base: SandboxLayout = {
  mode: 'workspace-write',
  network: false,
  workspace: '/home/u/ws',
  writable: ['/home/u/ws', '/tmp'],
  protectedPaths: [
    { path: '/home/u/ws/.glassbox', kind: 'absent' },
    { path: '/home/u/ws/.git/hooks', kind: 'dir' },
    { path: '/home/u/ws/.git/config', kind: 'file' },
  ],
  pinned: [],
  hidden: [
    { path: '/home/u/.ssh', kind: 'dir' },
    { path: '/home/u/.netrc', kind: 'file' },
    { path: '/tmp/gbhome', kind: 'dir' },
  ],
};

/** The mount operations as [flag, ...paths] groups, in order. */
function mounts(args: string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--bind' || a === '--ro-bind') out.push([a, args[++i]!, args[++i]!]);
    else if (a === '--tmpfs' || a === '--remount-ro' || a === '--dev' || a === '--proc') out.push([a, args[++i]!]);
  }
  return out;
}

describe('bwrapArgs', () => {
  it('mounts the root read-only, fresh /dev and /proc first, then parents before children', () => {
    const m = mounts(bwrapArgs(base, '/home/u/ws'));
    expect(m.slice(0, 3)).toEqual([['--ro-bind', '/', '/'], ['--dev', '/dev'], ['--proc', '/proc']]);
    const at = (op: string[]): number => m.findIndex((x) => JSON.stringify(x) === JSON.stringify(op));
    // A hidden folder inside a writable one comes after it (else the bind would uncover it).
    expect(at(['--tmpfs', '/tmp/gbhome'])).toBeGreaterThan(at(['--bind', '/tmp', '/tmp']));
    expect(at(['--ro-bind', '/home/u/ws/.git/config', '/home/u/ws/.git/config'])).toBeGreaterThan(at(['--bind', '/home/u/ws', '/home/u/ws']));
    expect(at(['--tmpfs', '/home/u/ws/.glassbox'])).toBeGreaterThan(at(['--bind', '/home/u/ws', '/home/u/ws']));
    expect(at(['--ro-bind', '/dev/null', '/home/u/.netrc'])).toBeGreaterThan(0);
    // Read-only remounts last: mounts below a tmpfs need their mount points made first.
    const firstRemount = m.findIndex((x) => x[0] === '--remount-ro');
    expect(m.slice(firstRemount).every((x) => x[0] === '--remount-ro')).toBe(true);
    expect(m.slice(firstRemount).map((x) => x[1]).sort()).toEqual(['/home/u/.ssh', '/home/u/ws/.glassbox', '/tmp/gbhome']);
  });

  it('binds .git onto itself (a mount point cannot be renamed away) before its protected hooks and config', () => {
    const m = mounts(bwrapArgs({ ...base, pinned: ['/home/u/ws/.git'] }, '/home/u/ws'));
    const pin = m.findIndex((x) => x[0] === '--bind' && x[1] === '/home/u/ws/.git');
    expect(pin).toBeGreaterThan(m.findIndex((x) => x[0] === '--bind' && x[1] === '/home/u/ws'));
    expect(pin).toBeLessThan(m.findIndex((x) => x[1] === '/home/u/ws/.git/hooks'));
  });

  it('a workspace inside a hidden folder is mounted again on top of it', () => {
    const layout: SandboxLayout = { ...base, workspace: '/tmp/gbhome/ws', writable: ['/tmp/gbhome/ws', '/tmp'], protectedPaths: [] };
    const m = mounts(bwrapArgs(layout, '/tmp/gbhome/ws'));
    const hide = m.findIndex((x) => x[0] === '--tmpfs' && x[1] === '/tmp/gbhome');
    const ws = m.findIndex((x) => x[0] === '--bind' && x[1] === '/tmp/gbhome/ws');
    expect(hide).toBeGreaterThan(0);
    expect(ws).toBeGreaterThan(hide);
  });

  it('read-only mode binds nothing writable; the workspace is mounted read-only', () => {
    const layout: SandboxLayout = { ...base, mode: 'read-only', writable: [], protectedPaths: [] };
    const m = mounts(bwrapArgs(layout, '/home/u/ws'));
    expect(m.some((x) => x[0] === '--bind')).toBe(false);
    expect(m).toContainEqual(['--ro-bind', '/home/u/ws', '/home/u/ws']);
  });

  it('unshares the network unless allowed, always PID/IPC, dies with its parent, starts in cwd', () => {
    const off = bwrapArgs(base, '/home/u/ws/sub');
    expect(off).toContain('--unshare-net');
    expect(off).toEqual(expect.arrayContaining(['--unshare-pid', '--unshare-ipc', '--die-with-parent']));
    expect(off.slice(-2)).toEqual(['--chdir', '/home/u/ws/sub']);
    expect(bwrapArgs({ ...base, network: true }, '/home/u/ws')).not.toContain('--unshare-net');
  });

  it('takes every power away: a user namespace, all capabilities dropped, no nested user namespaces, the filter', () => {
    const args = bwrapArgs(base, '/home/u/ws', { disableUserns: true, seccompFd: 9 });
    const at = (flag: string): number => args.indexOf(flag);
    expect(args).toEqual(expect.arrayContaining(['--unshare-user', '--disable-userns', '--cap-drop', 'ALL', '--seccomp', '9']));
    expect(args[at('--cap-drop') + 1]).toBe('ALL');
    expect(args[at('--seccomp') + 1]).toBe('9');
    // An older bubblewrap without --disable-userns, or no filter for this CPU: the rest stays.
    const plain = bwrapArgs(base, '/home/u/ws');
    expect(plain).toEqual(expect.arrayContaining(['--unshare-user', '--cap-drop', 'ALL']));
    expect(plain).not.toContain('--disable-userns');
    expect(plain).not.toContain('--seccomp');
  });

  it('passes paths as separate arguments, so odd names stay one path', () => {
    const odd = "/home/u/ws/it's a \"dir\" $(x)";
    const args = bwrapArgs({ ...base, workspace: odd, writable: [odd], protectedPaths: [], hidden: [] }, odd);
    expect(args).toEqual(expect.arrayContaining(['--bind', odd, odd]));
  });
});
