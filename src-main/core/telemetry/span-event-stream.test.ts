import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchingStream, type StreamTarget } from './span-event-stream';

function rig(room = Infinity) {
  const batches: Array<{ wire: unknown[]; starts: number }> = [];
  const closed: number[] = [];
  let pending = 0;
  let left = room;
  const target: StreamTarget = {
    admit: () => left-- > 0,
    pending: (n) => (pending += n),
    deliver: (wire, starts) => {
      pending -= starts;
      batches.push({ wire, starts });
    },
    close: (ts) => closed.push(ts),
  };
  return { stream: new BatchingStream(target), batches, closed, pending: () => pending };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('BatchingStream', () => {
  it('hands over a batch when it is large, after 200 ms otherwise, and everything before it closes', () => {
    vi.useFakeTimers();
    const { stream, batches, closed, pending } = rig();
    stream.wire.push(6, 1);
    stream.wrote(1);
    expect(batches).toEqual([]);
    expect(pending()).toBe(1);
    vi.advanceTimersByTime(200);
    expect(batches).toEqual([{ wire: [6, 1], starts: 1 }]);
    expect(pending()).toBe(0);
    // A large batch goes at once, in order, with the starts it holds.
    for (let i = 0; i < 2048; i++) {
      stream.wire.push(i, i);
      stream.wrote(i % 2);
    }
    expect(batches).toHaveLength(2);
    expect(batches[1]!.wire).toHaveLength(4096);
    expect(batches[1]!.starts).toBe(1024);
    stream.wire.push(6, 2);
    stream.wrote(0);
    stream.close(99);
    expect(batches[2]).toEqual({ wire: [6, 2], starts: 0 });
    expect(closed).toEqual([99]);
    // Closed: nothing more is admitted, kept or handed over.
    expect(stream.admit()).toBe(false);
    stream.wire.push(6, 3);
    stream.wrote(1);
    stream.post();
    vi.advanceTimersByTime(1000);
    expect(batches).toHaveLength(3);
    expect(stream.wire).toEqual([]);
  });

  it('admits spans while the target has room', () => {
    const { stream } = rig(2);
    expect([stream.admit(), stream.admit(), stream.admit()]).toEqual([true, true, false]);
  });
});
