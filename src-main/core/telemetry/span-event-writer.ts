import { keepShape } from './kept-shapes';
import type { SpanEventWire } from './span-events';

/** Where projected events go: a session's stream into the export (span-export.ts). */
export interface SpanEventSink {
  /** The batch being filled: events are written to it. */
  readonly writer: SpanEventWriter;
  /** True when one more span may start (the export's bound); false: drop it (counted by the sink). */
  admit(): boolean;
  /** `starts` spans were started by what was written since the last call. */
  wrote(starts: number): void;
}

/** Slots of a fresh batch buffer: ≈ 240 steps of an agent calling one tool a step (≈ 34 slots a step), 64 KiB. */
export const BATCH_SLOTS = 8192;

/**
 * Writes span events into a batch (SpanEventWire) without making an object per event: numbers,
 * booleans and span ids go into a preallocated Float64Array, strings and objects into the
 * batch's `refs` by index — a string that repeats (a tool name, the model, the trace id) once per
 * batch. What is written for each op code, in which order, is the format (`readSpanEvents`
 * reads it back); the caller reserves an event's slots first, then writes them.
 */
export class SpanEventWriter {
  private nums: Float64Array<ArrayBuffer>;
  private n = 0;
  private refs: unknown[] = [];
  private readonly interned = new Map<string, number>();

  constructor(private readonly slots = BATCH_SLOTS) {
    this.nums = new Float64Array(slots);
  }

  /** Slots written to the batch so far. */
  get length(): number {
    return this.n;
  }

  /** Makes room for `count` more slots (an event's worth): the buffer grows when it must. */
  reserve(count: number): void {
    if (this.n + count <= this.nums.length) return;
    const bigger = new Float64Array(Math.max(this.nums.length * 2, this.n + count));
    bigger.set(this.nums.subarray(0, this.n));
    this.nums = bigger;
  }

  /** A number (op codes, times, counts). */
  num(x: number): void {
    this.nums[this.n++] = x;
  }

  /** A number that may be absent (NaN on the wire). */
  opt(x: number | null | undefined): void {
    this.nums[this.n++] = typeof x === 'number' ? x : NaN;
  }

  bool(b: boolean): void {
    this.nums[this.n++] = b ? 1 : 0;
  }

  /** A string that repeats from event to event: it crosses once per batch. */
  text(s: string): void {
    let i = this.interned.get(s);
    if (i === undefined) {
      i = this.refs.push(s) - 1;
      this.interned.set(s, i);
    }
    this.nums[this.n++] = i;
  }

  /** A string seen once (a call id, content), or a plain object (a carrier, MCP facts); absent: -1. */
  ref(v: string | object | undefined): void {
    this.nums[this.n++] = v === undefined ? -1 : this.refs.push(v) - 1;
  }

  /** A span id as its two 32-bit halves. */
  id(hi: number, lo: number): void {
    this.nums[this.n++] = hi;
    this.nums[this.n++] = lo;
  }

  /**
   * The batch written so far, and a new one started. `keepBuffer`: the next batch reuses this
   * one's buffer (the caller reads the batch at once, on this thread); otherwise the buffer
   * goes with it (to be transferred to the worker) and a fresh one is made.
   */
  take(keepBuffer = false): SpanEventWire {
    const wire: SpanEventWire = { nums: this.nums, length: this.n, refs: this.refs };
    if (!keepBuffer) this.nums = new Float64Array(this.slots);
    this.n = 0;
    this.refs = [];
    this.interned.clear();
    return wire;
  }

  /** Forgets what was written (a closed stream keeps nothing). */
  clear(): void {
    this.n = 0;
    this.refs = [];
    this.interned.clear();
  }
}

// The shape the agent thread's optimized writes are specialised to outlives every session (kept-shapes.ts).
keepShape(new SpanEventWriter(0));
