import { join } from 'node:path';
import type { SandboxLayout } from './layout';

/** A macOS `sandbox-exec` profile and the `-D` parameters its paths come from. */
export interface SeatbeltProfile {
  /** The profile text (SBPL). Paths are never spliced into it: they are `(param "…")` references. */
  profile: string;
  /** `-DNAME=value` pairs for sandbox-exec, one per path. */
  params: Record<string, string>;
}

/**
 * Generates the seatbelt profile that confines a process to `layout` on macOS: everything
 * denied by default; processes may fork, exec and signal each other inside the sandbox; the
 * whole file system is readable except the hidden paths; writes only below the writable folders
 * (minus the protected paths) and to the terminal and /dev/null; network only when allowed.
 * Paths travel as parameters, so a quote or parenthesis in a folder name cannot change the
 * profile.
 */
export function seatbeltProfile(layout: SandboxLayout): SeatbeltProfile {
  const params: Record<string, string> = {};
  const ref = (prefix: string, i: number, path: string): string => {
    const name = `${prefix}_${i}`;
    params[name] = path;
    return `(param "${name}")`;
  };
  const hidden = layout.hidden.map((h, i) => (h.kind === 'file' ? `(literal ${ref('HIDDEN', i, h.path)})` : `(subpath ${ref('HIDDEN', i, h.path)})`));
  const writable = [...layout.writable, ...(layout.tmp ? [layout.tmp.dir] : [])].map((w, i) => `(subpath ${ref('WRITABLE', i, w)})`);
  const protectedPaths = [
    ...layout.protectedPaths.map((p, i) =>
      p.kind === 'file' ? `(literal ${ref('PROTECTED', i, p.path)})` : `(subpath ${ref('PROTECTED', i, p.path)})`,
    ),
    // The pinned folder itself (not its contents) cannot be renamed, removed or replaced.
    ...layout.pinned.map((p, i) => `(literal ${ref('PINNED', i, p)})`),
    // The sandbox's own folder, where Glassbox hands commands over.
    ...(layout.ownDir ? [`(subpath ${ref('OWN', 0, join(layout.ownDir, 'cmd'))})`] : []),
  ];
  const lines = [
    '(version 1)',
    '(deny default)',
    '; Processes: run programs, fork, signal only processes of this sandbox.',
    '(allow process-exec process-fork)',
    '(allow signal (target same-sandbox))',
    '(allow process-info* (target same-sandbox))',
    '(allow sysctl-read)',
    '(allow mach-lookup)',
    '(allow ipc-posix-shm ipc-posix-sem)',
    '(allow pseudo-tty)',
    '(allow file-ioctl)',
    '; Reading: everything except credentials and Glassbox\'s own files.',
    hidden.length ? `(allow file-read* (require-all (subpath "/") (require-not (require-any ${hidden.join(' ')}))))` : '(allow file-read*)',
    // The home's skills, inside the hidden home: readable again (their scripts run with bash).
    ...(layout.shown ?? []).map((p, i) => `(allow file-read* (subpath ${ref('SHOWN', i, p)}))`),
    '; Writing: the terminal, /dev/null, and the writable folders minus the protected paths.',
    '(allow file-write* (literal "/dev/null") (literal "/dev/zero") (regex #"^/dev/tty") (regex #"^/dev/ttys[0-9]+$") (literal "/dev/ptmx"))',
  ];
  if (writable.length) {
    lines.push(
      protectedPaths.length
        ? `(allow file-write* (require-all (require-any ${writable.join(' ')}) (require-not (require-any ${protectedPaths.join(' ')}))))`
        : `(allow file-write* (require-any ${writable.join(' ')}))`,
    );
  }
  lines.push(
    layout.network
      ? '(allow network*)'
      : '; No network: only Unix sockets inside the sandbox\'s own folders.\n(allow network* (local unix))',
  );
  return { profile: lines.join('\n') + '\n', params };
}

/** The `sandbox-exec` argument list (before the command) for a profile. */
export function seatbeltArgs(p: SeatbeltProfile): string[] {
  const args = ['-p', p.profile];
  for (const [k, v] of Object.entries(p.params)) args.push(`-D${k}=${v}`);
  return args;
}
