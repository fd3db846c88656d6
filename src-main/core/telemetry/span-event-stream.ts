import type { SpanEventStream } from './span-export';
import type { SpanEventWire } from './span-events';

/**
 * Span events are handed over once a batch holds this many values (≈ 120 steps of an agent
 * calling one tool a step). Posting to a worker costs the poster a fixed price per message
 * (waking the worker) far above the copy of the values, so batches are large.
 */
const POST_AT = 4096;
/** Span events wait at most this long on the agent's thread before they are handed over. */
const POST_DELAY_MS = 200;

/** Where a batching stream hands its batches and its close over. */
export interface StreamTarget {
  /** One more span may start (the export's bound); false: it is dropped, and counted by the target. */
  admit(): boolean;
  /** `starts` spans were appended and not handed over yet. */
  pending(starts: number): void;
  deliver(wire: SpanEventWire, starts: number): void;
  close(ts: number): void;
}

/**
 * A session's stream that hands its events over in batches (by size, or after 200 ms), so the
 * agent's thread pays one message per ~120 steps rather than one per event.
 */
export class BatchingStream implements SpanEventStream {
  wire: SpanEventWire = [];
  private starts = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly target: StreamTarget) {}

  admit(): boolean {
    return !this.closed && this.target.admit();
  }

  wrote(starts: number): void {
    if (this.closed) {
      this.wire.length = 0;
      return;
    }
    if (starts) {
      this.starts += starts;
      this.target.pending(starts);
    }
    if (this.wire.length >= POST_AT) this.post();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.post(), POST_DELAY_MS);
      this.timer.unref();
    }
  }

  post(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.wire.length === 0 || this.closed) return;
    const wire = this.wire;
    const starts = this.starts;
    this.wire = [];
    this.starts = 0;
    this.target.deliver(wire, starts);
  }

  close(ts: number): void {
    if (this.closed) return;
    this.post();
    this.closed = true;
    this.target.close(ts);
  }
}
