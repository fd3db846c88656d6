import type { SecretRedactor } from './redactor';
import { StreamRedactor } from './stream-redactor';

/** A writer of streamed text (pty output) that hides secrets on the way to `out`. */
export interface RedactedOutput {
  write(data: string): void;
  /** Releases what is held, redacted, and stops the timer. */
  dispose(): void;
}

/**
 * Streamed output with secrets hidden even when a read splits one (StreamRedactor). What it
 * holds back (text that could begin a secret) goes out after `holdMs` of quiet, so the last
 * character of a prompt or of the user's typing is not kept from the reader.
 */
export function redactedOutput(redactor: SecretRedactor, out: (data: string) => void, holdMs: number): RedactedOutput {
  const stream = new StreamRedactor(redactor);
  let timer: NodeJS.Timeout | undefined;
  const release = (): void => {
    timer = undefined;
    const rest = stream.end();
    if (rest) out(rest);
  };
  return {
    write(data) {
      const safe = stream.push(data);
      if (safe) out(safe);
      if (timer) clearTimeout(timer);
      timer = stream.pending ? setTimeout(release, holdMs) : undefined;
      timer?.unref?.();
    },
    dispose() {
      if (timer) clearTimeout(timer);
      release();
    },
  };
}
