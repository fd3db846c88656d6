import type { GlassboxEvent } from '../../../../src-shared/events/event-types';
import { reduceEvent, type SessionData } from '../event-reducer';

/**
 * Folds events into the session data one after the other and returns the changed fields of all
 * of them together: the same result as applying each reduceEvent patch in turn, as one update.
 */
export function reduceEvents(d: SessionData, events: readonly GlassboxEvent[]): Partial<SessionData> {
  let cur = d;
  let out: Partial<SessionData> = {};
  for (const e of events) {
    const patch = reduceEvent(cur, e);
    if (Object.keys(patch).length === 0) continue;
    out = { ...out, ...patch };
    cur = { ...cur, ...patch };
  }
  return out;
}

/** Schedules `run` once, before the next frame is painted (or soon, where frames do not come). */
export type FrameScheduler = (run: () => void) => void;

/**
 * rAF where the page draws frames, with a timer beside it: a background tab gets no frames but
 * must still take its events in (its rows are current when it is shown again).
 */
export const nextFrame: FrameScheduler = (run) => {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    run();
  };
  const timer = setTimeout(once, 100);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(once);
};

/**
 * Streamed text arrives a word at a time, several words per frame, and each store update renders
 * the conversation again. Text and thinking deltas (message_update, thinking_update) are therefore held and applied together
 * once per frame; any other event first applies the held ones, then itself, at once — so the
 * order of events is kept and everything but streamed text lands as fast as before.
 */
export class FrameBatch {
  private held: GlassboxEvent[] = [];
  private scheduled = false;

  /** `apply` folds a run of events into the store (one update). */
  constructor(
    private readonly apply: (events: GlassboxEvent[]) => void,
    private readonly schedule: FrameScheduler = nextFrame,
  ) {}

  /** Takes one live event in: held until the next frame when it is a text delta, else applied now. */
  push(e: GlassboxEvent): void {
    if (e.type === 'message_update' || e.type === 'thinking_update') {
      this.held.push(e);
      if (!this.scheduled) {
        this.scheduled = true;
        this.schedule(() => {
          this.scheduled = false;
          this.flush();
        });
      }
      return;
    }
    this.held.push(e);
    this.flush();
  }

  /** Applies whatever is held, now (before a snapshot replaces the state, for one). */
  flush(): void {
    if (this.held.length === 0) return;
    const events = this.held;
    this.held = [];
    this.apply(events);
  }
}
