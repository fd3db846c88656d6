import type { SpanEventStream } from './span-export';
import type { SpanEventWire } from './span-events';
import { keepShape } from './kept-shapes';
import { BATCH_SLOTS, SpanEventWriter } from './span-event-writer';

/**
 * Span events are handed over once a batch holds this many slots (≈ 240 steps of an agent
 * calling one tool a step). Posting to a worker costs the poster a fixed price per message
 * (waking the worker) far above the transfer of the slots, so batches are large.
 */
const POST_AT = BATCH_SLOTS - 64;
/** Span events wait at most this long on the agent's thread before they are handed over. */
const POST_DELAY_MS = 100;
/**
 * No bound on the span starts of a batch: a small integer (not Infinity), so the field has one
 * number representation whatever the export (kept-shapes.ts).
 */
const NO_BOUND = 0x3fffffff;

/**
 * Where batching streams hand their batches and their close over: one object for all the
 * sessions of an export (it lives as long as the export, so the agent thread's optimized code
 * that calls it is not thrown away each time a session ends).
 */
export interface StreamTarget {
  /** One more span may start (the export's bound); false: it is dropped, and counted by the target. */
  admit(): boolean;
  /** `starts` spans were written and not handed over yet. */
  pending(starts: number): void;
  /** A session's batch and the span starts in it; its `nums` buffer is the target's now (it may be transferred). */
  deliver(session: number, wire: SpanEventWire, starts: number): void;
  /** A session's stream closed (after handing over its last batch). */
  close(session: number, ts: number, stream: SpanEventStream): void;
}

/**
 * A session's stream that hands its events over in batches (by size, after 100 ms, or once it
 * holds `maxStarts` span starts, so a small queue bound is not filled by one batch), so the
 * agent's thread pays one message per few hundred steps rather than one per event.
 */
export class BatchingStream implements SpanEventStream {
  readonly writer = new SpanEventWriter();
  private starts = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly target: StreamTarget,
    private readonly session: number,
    private readonly maxStarts = NO_BOUND,
  ) {}

  admit(): boolean {
    return !this.closed && this.target.admit();
  }

  wrote(starts: number): void {
    if (this.closed) {
      this.writer.clear();
      return;
    }
    if (starts) {
      this.starts += starts;
      this.target.pending(starts);
    }
    if (this.writer.length >= POST_AT || this.starts >= this.maxStarts) this.post();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.post(), POST_DELAY_MS);
      this.timer.unref();
    }
  }

  post(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.writer.length === 0 || this.closed) return;
    const starts = this.starts;
    this.starts = 0;
    this.target.deliver(this.session, this.writer.take(), starts);
  }

  close(ts: number): void {
    if (this.closed) return;
    this.post();
    this.closed = true;
    this.target.close(this.session, ts, this);
  }
}

const IDLE_TARGET: StreamTarget = { admit: () => false, pending: () => undefined, deliver: () => undefined, close: () => undefined };
// The shape the agent thread's optimized code is specialised to outlives every session (kept-shapes.ts).
keepShape(new BatchingStream(IDLE_TARGET, 0, 1));
