/** Delays between reconnect attempts after a lost connection. */
export const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/**
 * Reconnects with growing delays after a lost connection, up to the last delay's attempt;
 * `reset()` after a good connect starts the series over.
 */
export class ReconnectBackoff {
  private timer?: NodeJS.Timeout;
  private attempt = 0;

  constructor(private readonly delays: readonly number[] = RECONNECT_DELAYS_MS) {}

  /** Schedules `attempt` unless one is pending or the series is spent; it reports whether to go on. */
  schedule(attempt: () => Promise<boolean>): void {
    if (this.timer || this.attempt >= this.delays.length) return;
    const delay = this.delays[this.attempt++];
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void attempt().then((again) => {
        if (again) this.schedule(attempt);
      });
    }, delay);
    this.timer.unref?.();
  }

  reset(): void {
    this.attempt = 0;
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
