import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchingStream, type StreamTarget } from './span-event-stream';
import { BATCH_SLOTS, SpanEventWriter } from './span-event-writer';
import type { SpanEventWire } from './span-events';

function rig(room = Infinity, maxStarts?: number) {
  const batches: Array<{ slots: number[]; refs: unknown[]; starts: number }> = [];
  const closed: number[] = [];
  let pending = 0;
  let left = room;
  const target: StreamTarget = {
    admit: () => left-- > 0,
    pending: (n) => (pending += n),
    deliver: (_session, wire: SpanEventWire, starts) => {
      pending -= starts;
      batches.push({ slots: [...wire.nums.subarray(0, wire.length)], refs: wire.refs, starts });
    },
    close: (_session, ts) => void closed.push(ts),
  };
  const stream = new BatchingStream(target, 1, maxStarts);
  /** One event of two slots. */
  const write = (a: number, b: number, starts: number): void => {
    stream.writer.reserve(2);
    stream.writer.num(a);
    stream.writer.num(b);
    stream.wrote(starts);
  };
  return { stream, write, batches, closed, pending: () => pending };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('BatchingStream', () => {
  it('hands over a batch when it is large, after 100 ms otherwise, and everything before it closes', () => {
    vi.useFakeTimers();
    const { stream, write, batches, closed, pending } = rig();
    write(6, 1, 1);
    expect(batches).toEqual([]);
    expect(pending()).toBe(1);
    vi.advanceTimersByTime(99);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([{ slots: [6, 1], refs: [], starts: 1 }]);
    expect(pending()).toBe(0);
    // A large batch goes at once, in order, with the starts it holds.
    for (let i = 0; i < BATCH_SLOTS / 2; i++) write(i, i, i % 2);
    expect(batches).toHaveLength(2);
    expect(batches[1]!.slots.length).toBeGreaterThan(BATCH_SLOTS / 2);
    expect(batches[1]!.slots.slice(0, 4)).toEqual([0, 0, 1, 1]);
    expect(batches[1]!.starts).toBe(batches[1]!.slots.length / 4);
    write(6, 2, 0);
    stream.close(99);
    expect(batches.at(-1)!.slots.slice(-2)).toEqual([6, 2]);
    expect(closed).toEqual([99]);
    const handed = batches.length;
    // Closed: nothing more is admitted, kept or handed over.
    expect(stream.admit()).toBe(false);
    write(6, 3, 1);
    stream.post();
    vi.advanceTimersByTime(1000);
    expect(batches).toHaveLength(handed);
    expect(stream.writer.length).toBe(0);
  });

  it('hands a batch over once it holds maxStarts span starts (a small queue is not filled by one batch)', () => {
    const { write, batches } = rig(Infinity, 3);
    write(7, 1, 1);
    write(9, 1, 0);
    write(7, 2, 1);
    expect(batches).toEqual([]);
    write(7, 3, 1);
    expect(batches).toEqual([{ slots: [7, 1, 9, 1, 7, 2, 7, 3], refs: [], starts: 3 }]);
  });

  it('admits spans while the target has room', () => {
    const { stream } = rig(2);
    expect([stream.admit(), stream.admit(), stream.admit()]).toEqual([true, true, false]);
  });
});

describe('SpanEventWriter', () => {
  it('sends a repeated string once per batch, absent values as NaN / -1, and grows past its buffer', () => {
    const w = new SpanEventWriter(4);
    w.reserve(3);
    w.text('bash');
    w.text('bash');
    w.ref('call-1');
    w.reserve(5);
    w.opt(undefined);
    w.ref(undefined);
    w.bool(true);
    w.id(0xffffffff, 1);
    const wire = w.take();
    expect([...wire.nums.subarray(0, wire.length)]).toEqual([0, 0, 1, NaN, -1, 1, 0xffffffff, 1]);
    expect(wire.refs).toEqual(['bash', 'call-1']);
    // The next batch starts empty and interns again.
    w.reserve(1);
    w.text('bash');
    expect(w.take().refs).toEqual(['bash']);
  });
});
