/** Default per-command timeout. */
export const DEFAULT_BASH_TIMEOUT_MS = 120_000;

/** Wraps a command line so it runs confined (the session's OS sandbox); see core/sandbox. */
export interface ShellConfinement {
  wrap(command: string, args: string[], cwd: string): { command: string; args: string[] };
  /**
   * A folder Glassbox writes and the confined shell can read but not write, at the same path
   * inside: where commands are handed over (command-input.ts). Undefined when not confined.
   */
  commandDir?(): string | undefined;
}

/** How to start the shell. */
export interface BashShellOptions {
  /** Directory the shell starts in (the workspace). */
  cwd: string;
  /** Environment for the shell (default: this process's). */
  env?: NodeJS.ProcessEnv;
  cols?: number;
  rows?: number;
  /** The bash binary (default `bash` from PATH). */
  shell?: string;
  /** Wait between SIGINT and SIGKILL of an interrupted command (default 2000 ms). */
  killGraceMs?: number;
  /** Runs the shell inside the OS sandbox; without it the shell runs as this process does. */
  sandbox?: ShellConfinement;
}

/** Per-command options. */
export interface BashRunOptions {
  /** Interrupt the command after this long (default {@link DEFAULT_BASH_TIMEOUT_MS}). */
  timeoutMs?: number;
  /** Aborting interrupts the command the same way a timeout does. */
  signal?: AbortSignal;
}

/** What one command did. */
export interface BashCommandResult {
  /** The output as the screen shows it (stdout and stderr interleaved, echo and prompt removed). */
  output: string;
  /** The exit status; null when the shell died before reporting one. */
  exitCode: number | null;
  timedOut: boolean;
  cancelled: boolean;
  /** The interrupted command was blocked reading the terminal (waiting for input). */
  waitingForInput: boolean;
  /** The shell ended during this command (`exit`, or it had to be killed). */
  shellExited: boolean;
  /** Set when this command ran in a fresh shell; says why the old one is gone. */
  freshShellNote?: string;
  /** Raw output characters dropped from the middle beyond the ~1 MB kept. */
  droppedChars: number;
  /** Why the command did not run or ended abnormally, for the model. */
  note?: string;
  durationMs: number;
}
