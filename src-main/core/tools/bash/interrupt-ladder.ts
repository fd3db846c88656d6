import { isReadingTerminal, type ShellProcess } from './shell-process';

/** What the ladder needs from the command it stops. */
export interface InterruptTarget {
  /** Still the command being run (false once it finished or was replaced). */
  stillRunning(): boolean;
  /** Ends the shell; `why` becomes the next command's fresh-shell note. */
  killShell(why: string): void;
  /** Closes the command when even the shell's exit never came. */
  giveUp(): void;
  /** Timers to clear when the command ends. */
  timers: NodeJS.Timeout[];
}

const KILLED = 'The previous shell was killed to stop an interrupted command';

/**
 * Stops a running command the way a user would, one step per grace period: SIGINT to the
 * terminal's foreground job, then SIGKILL to it, then (the shell itself does not come back, e.g.
 * it ignores SIGINT) the shell is killed and replaced. Returns whether the job was blocked
 * reading the terminal when the interrupt came (it was waiting for input).
 */
export function interruptCommand(proc: ShellProcess, graceMs: number, t: InterruptTarget): { waitingForInput: boolean } {
  const fg = proc.foregroundGroup();
  const waitingForInput = fg !== undefined && isReadingTerminal(fg);
  if (!proc.signalForeground(fg, 'SIGINT')) t.killShell(KILLED);
  t.timers.push(
    setTimeout(() => {
      if (!t.stillRunning()) return;
      if (!proc.signalForeground(proc.foregroundGroup(), 'SIGKILL')) t.killShell(KILLED);
      t.timers.push(
        setTimeout(() => {
          if (!t.stillRunning()) return;
          t.killShell('The previous shell did not come back after the interrupt and was killed');
          // Normally the exit event closes the command; don't wait forever if it never comes.
          t.timers.push(setTimeout(() => t.stillRunning() && t.giveUp(), 2000));
        }, graceMs),
      );
    }, graceMs),
  );
  return { waitingForInput };
}
