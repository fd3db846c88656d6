import { describe, expect, it } from 'vitest';
import { EventBus } from './event-bus';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';

describe('EventBus', () => {
  it('stamps seq (1, 2, …), ts and session on every event', () => {
    const bus = new EventBus('sess');
    const before = Date.now();
    const a = bus.emit({ type: 'turn_start', step: 1 });
    const b = bus.emit({ type: 'turn_end', step: 1 });
    expect(a).toMatchObject({ seq: 1, session: 'sess', type: 'turn_start', step: 1 });
    expect(b.seq).toBe(2);
    expect(a.ts).toBeGreaterThanOrEqual(before);
    expect(bus.lastSeq).toBe(2);
  });

  it('continues numbering from startSeq (a continued session)', () => {
    const bus = new EventBus('s', () => undefined, 41);
    expect(bus.emit({ type: 'turn_start', step: 1 }).seq).toBe(42);
  });

  it('delivers by type and to "*" subscribers; unsubscribe stops delivery', () => {
    const bus = new EventBus('s');
    const typed: number[] = [];
    const all: string[] = [];
    const off = bus.subscribe('turn_start', (e) => void typed.push(e.step));
    bus.subscribe('*', (e) => void all.push(e.type));
    bus.emit({ type: 'turn_start', step: 1 });
    bus.emit({ type: 'turn_end', step: 1 });
    off();
    bus.emit({ type: 'turn_start', step: 2 });
    expect(typed).toEqual([1]);
    expect(all).toEqual(['turn_start', 'turn_end', 'turn_start']);
  });

  it('isolates handlers: a throwing or rejecting one is reported and the others still run', async () => {
    const failures: [string, number][] = [];
    const bus = new EventBus('s', (err, event) => failures.push([(err as Error).message, event.seq]));
    const got: string[] = [];
    bus.subscribe('turn_start', () => {
      throw new Error('sync boom');
    });
    bus.subscribe('turn_start', async () => {
      throw new Error('async boom');
    });
    bus.subscribe('turn_start', () => void got.push('typed'));
    bus.subscribe('*', () => void got.push('star'));
    const e = bus.emit({ type: 'turn_start', step: 1 });
    expect(got).toEqual(['typed', 'star']);
    await new Promise((r) => setTimeout(r, 0));
    expect(failures).toEqual([
      ['sync boom', e.seq],
      ['async boom', e.seq],
    ]);
  });

  it('tolerates a handler that unsubscribes itself while being delivered', () => {
    const bus = new EventBus('s');
    const got: string[] = [];
    const off = bus.subscribe('turn_start', () => {
      got.push('once');
      off();
    });
    bus.subscribe('turn_start', () => void got.push('other'));
    bus.emit({ type: 'turn_start', step: 1 });
    bus.emit({ type: 'turn_start', step: 2 });
    expect(got).toEqual(['once', 'other', 'other']);
  });

  it('a delivery reaches the handlers there were when it began; one handler subscribed twice runs once', () => {
    const bus = new EventBus('s');
    const got: string[] = [];
    const late = () => void got.push('late');
    const twice = () => void got.push('twice');
    let offOther = () => {};
    bus.subscribe('turn_start', () => {
      got.push('first');
      offOther(); // leaves during this delivery: still reached by it, not by the next
      bus.subscribe('turn_start', late); // joins during this delivery: reached by the next only
    });
    offOther = bus.subscribe('turn_start', () => void got.push('other'));
    const offTwice = bus.subscribe('turn_end', twice);
    bus.subscribe('turn_end', twice);
    bus.emit({ type: 'turn_start', step: 1 });
    bus.emit({ type: 'turn_start', step: 2 });
    bus.emit({ type: 'turn_end', step: 2 });
    offTwice();
    bus.emit({ type: 'turn_end', step: 3 });
    expect(got).toEqual(['first', 'other', 'first', 'late', 'twice']);
  });

  it('deliver() passes an already-stamped event unchanged', () => {
    const bus = new EventBus('s');
    const got: GlassboxEvent[] = [];
    bus.subscribe('*', (e) => void got.push(e));
    const event: GlassboxEvent = { seq: 7, ts: 1, session: 'old', type: 'turn_end', step: 3 };
    bus.deliver(event);
    expect(got).toEqual([event]);
    expect(bus.lastSeq).toBe(0);
  });
});
