import { readFileSync, readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IPty } from 'node-pty';

// node-pty is CommonJS; load it through require so the bundled CLI and vitest agree.
const requireHere = createRequire(import.meta.url);
// Loaded when the first shell starts, not at import: most CLI starts never open a shell.
let nodePtyModule: typeof import('node-pty') | undefined;
function nodePty(): typeof import('node-pty') {
  nodePtyModule ??= requireHere('node-pty') as typeof import('node-pty');
  return nodePtyModule;
}

/** How to start one shell process on a pty. */
export interface ShellProcessOptions {
  /** The program and its arguments: bash itself, or the sandbox wrapping bash. */
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  cols: number;
  rows: number;
}

// The `read` syscall number (x64, arm64): used to tell "waiting for input" from "busy".
const READ_SYSCALL = process.arch === 'x64' ? '0' : process.arch === 'arm64' ? '63' : undefined;

/**
 * One interactive bash on its own pty: spawning, keystrokes, size, signals to the foreground
 * job and killing. Knows nothing about commands or markers. When bash runs inside the sandbox
 * the pty's process is the sandbox launcher, so the shell's own process group is learned from
 * the terminal once bash sits at its first prompt ({@link markReady}).
 */
export class ShellProcess {
  /** bash's own process group (its pid as seen from here), known once it is ready. */
  private shellGroup: number | undefined;

  private constructor(readonly pty: IPty) {}

  /** Spawns the shell. Throws when the program cannot be started. */
  static spawn(o: ShellProcessOptions): ShellProcess {
    return new ShellProcess(nodePty().spawn(o.command, o.args, { name: 'xterm-256color', cols: o.cols, rows: o.rows, cwd: o.cwd, env: o.env }));
  }

  /** The pty's process id (bash, or the sandbox launcher around it). */
  get pid(): number {
    return this.pty.pid;
  }

  /** The shell's own pid as seen from here (bash at its prompt owns the terminal), when known. */
  get shellPid(): number | undefined {
    return this.shellGroup;
  }

  /** Called when bash reported its first prompt: the terminal's foreground group is bash's own. */
  markReady(): void {
    this.shellGroup = this.foregroundGroup() ?? this.pty.pid;
  }

  /** The terminal's foreground process group (Linux /proc), if it can be read. */
  foregroundGroup(): number | undefined {
    try {
      const stat = readFileSync(`/proc/${this.pty.pid}/stat`, 'utf8');
      // Fields after "(comm)": state ppid pgrp session tty_nr tpgid ...
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const tpgid = Number(fields[5]);
      return tpgid > 0 ? tpgid : undefined;
    } catch {
      return undefined;
    }
  }

  /** The shell's real working directory (Linux /proc; cannot be faked by output), if readable. */
  cwd(): string | undefined {
    if (this.shellGroup === undefined) return undefined;
    try {
      return readlinkSync(`/proc/${this.shellGroup}/cwd`);
    } catch {
      return undefined;
    }
  }

  /**
   * Signals the foreground job. Returns false when that cannot be done without ending the
   * shell (no /proc, or SIGKILL for a builtin running in the shell itself): the caller kills it.
   */
  signalForeground(pgid: number | undefined, signal: 'SIGINT' | 'SIGKILL'): boolean {
    if (pgid === undefined) {
      // No /proc: fall back to what a user would do.
      if (signal === 'SIGINT') {
        this.pty.write('\x03');
        return true;
      }
      return false;
    }
    try {
      if (pgid === this.shellGroup || pgid === this.pty.pid) {
        // A builtin or shell loop runs in the shell itself: SIGINT makes bash abandon it;
        // SIGKILL would end the shell, which the caller's last step does anyway.
        if (signal !== 'SIGINT') return false;
        process.kill(pgid, 'SIGINT');
      } else {
        process.kill(-pgid, signal);
      }
    } catch {
      // The group may have ended between the read and the kill.
    }
    return true;
  }

  /**
   * Ends the shell: SIGHUP first (bash passes it on to its jobs), SIGKILL shortly after, to bash
   * and to the sandbox launcher (whose end takes every process inside with it).
   */
  kill(): void {
    const signal = (pids: Array<number | undefined>, sig: NodeJS.Signals): void => {
      for (const pid of new Set(pids)) {
        try {
          if (pid !== undefined) process.kill(pid, sig);
        } catch {
          // Already gone.
        }
      }
    };
    // SIGHUP to bash only: the launcher would die at once and take the jobs down unwarned.
    signal([this.shellGroup ?? this.pty.pid], 'SIGHUP');
    setTimeout(() => {
      signal([this.shellGroup, this.pty.pid], 'SIGKILL');
      // A child holding the pty keeps the exit event from coming: let go of it anyway.
      setTimeout(() => {
        try {
          this.pty.kill('SIGKILL');
        } catch {
          // Already gone.
        }
      }, 200).unref();
    }, 300).unref();
  }
}

/** True when any process of the group is blocked in read(0, …) (Linux /proc). */
export function isReadingTerminal(pgid: number): boolean {
  if (!READ_SYSCALL) return false;
  try {
    const syscall = readFileSync(`/proc/${pgid}/syscall`, 'utf8').trim().split(' ');
    return syscall[0] === READ_SYSCALL && syscall[1] === '0x0';
  } catch {
    return false;
  }
}
