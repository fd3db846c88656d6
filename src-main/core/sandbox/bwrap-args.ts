import { sep } from 'node:path';
import type { SandboxLayout } from './layout';

interface MountOp {
  path: string;
  /** At the same path: writable binds, then protected, then hidden (hiding wins). */
  order: number;
  args: string[];
  remountRo?: boolean;
}

function depth(p: string): number {
  return p === sep ? 0 : p.split(sep).filter(Boolean).length;
}

/** How the sandbox takes its powers away (see {@link bwrapArgs}). */
export interface BwrapPowers {
  /** The descriptor bubblewrap reads the seccomp filter from (seccomp-filter.ts); none where no filter is built. */
  seccompFd?: number;
  /** bubblewrap ≥ 0.8 can forbid new user namespaces inside (`--disable-userns`); older ones cannot. */
  disableUserns: boolean;
}

/**
 * The bubblewrap arguments (before `--` and the command) that confine a process to `layout`:
 * the root read-only, fresh /dev and /proc (only the sandbox's own processes, so nothing can
 * read Glassbox's environment through /proc), the writable folders bound read-write, protected
 * and hidden paths mounted over them, and new PID/IPC (and, without network, net) namespaces.
 *
 * No powers, even when Glassbox runs as root: a new user namespace (the caller's uid mapped to
 * itself), every capability dropped (bubblewrap keeps them for root otherwise, and with them
 * `mount -o remount,rw` or `umount` would undo every mount below), no new user namespaces inside,
 * `no_new_privs` (bubblewrap sets it; setuid programs gain nothing) and the seccomp filter.
 *
 * Mounts go parent before child (by depth), so a workspace inside a hidden or writable folder is
 * mounted on top of it and a hidden folder inside a writable one stays hidden. Read-only
 * remounts come last: a child mount may need a mount point created inside a tmpfs first.
 * No `--new-session`: the shell needs its own pty as controlling terminal for job control; that
 * pty is private to Glassbox (no terminal outside the sandbox can be pushed keystrokes), and
 * Python runs without any terminal.
 */
export function bwrapArgs(layout: SandboxLayout, cwd: string, powers: BwrapPowers = { disableUserns: false }): string[] {
  const ops: MountOp[] = [];
  for (const w of layout.writable) ops.push({ path: w, order: 0, args: ['--bind', w, w] });
  // The private temp dir at /tmp; the machine's /tmp entries (yours) shown read-only inside it,
  // before anything mounted at the same path (a workspace or writable root there wins).
  if (layout.tmp?.at === '/tmp') {
    ops.push({ path: '/tmp', order: 0, args: ['--bind', layout.tmp.dir, '/tmp'] });
    for (const e of layout.tmpEntries ?? []) ops.push({ path: e.path, order: -1, args: ['--ro-bind-try', e.path, e.path] });
  }
  // Read-only mode: the workspace is mounted again read-only, so it shows even inside a hidden folder.
  if (!layout.writable.includes(layout.workspace)) {
    ops.push({ path: layout.workspace, order: 0, args: ['--ro-bind', layout.workspace, layout.workspace] });
  }
  // Bound onto itself: a mount point cannot be renamed or removed, so `.git` stays the one whose
  // hooks and config are protected.
  for (const p of layout.pinned) ops.push({ path: p, order: 0, args: ['--bind', p, p] });
  for (const p of layout.protectedPaths) {
    ops.push(
      p.kind === 'absent'
        ? { path: p.path, order: 1, args: ['--tmpfs', p.path], remountRo: true }
        : { path: p.path, order: 1, args: ['--ro-bind', p.path, p.path] },
    );
  }
  for (const h of layout.hidden) {
    ops.push(
      h.kind === 'file'
        ? { path: h.path, order: 2, args: ['--ro-bind', '/dev/null', h.path] }
        : { path: h.path, order: 2, args: ['--tmpfs', h.path], remountRo: true },
    );
  }
  // Shown again inside a hidden folder (the home's skills): after the tmpfs over their parent.
  for (const p of layout.shown ?? []) ops.push({ path: p, order: 3, args: ['--ro-bind', p, p] });
  ops.sort((a, b) => depth(a.path) - depth(b.path) || a.order - b.order);
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
  for (const op of ops) args.push(...op.args);
  // Last, over any writable parent: Glassbox writes there (commands, the filter), the inside only reads.
  if (layout.ownDir) args.push('--ro-bind', layout.ownDir, layout.ownDir);
  // The private temp dir where it stays at its own path (you made /tmp writable): writable again.
  if (layout.tmp && layout.tmp.at === layout.tmp.dir) args.push('--bind', layout.tmp.dir, layout.tmp.dir);
  for (const op of ops) if (op.remountRo) args.push('--remount-ro', op.path);
  args.push('--unshare-user');
  if (powers.disableUserns) args.push('--disable-userns');
  args.push('--cap-drop', 'ALL');
  if (powers.seccompFd !== undefined) args.push('--seccomp', String(powers.seccompFd));
  args.push('--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try');
  if (!layout.network) args.push('--unshare-net');
  if (layout.tmp) args.push('--setenv', 'TMPDIR', layout.tmp.at);
  args.push('--die-with-parent', '--chdir', cwd);
  return args;
}
