import { describe, expect, it } from 'vitest';
import { snapshotJson } from './event-snapshot';

describe('snapshotJson', () => {
  it('serialises later to exactly what the value serialised to when taken, whatever changes after', () => {
    const images = [{ data: 'aGk=', mimeType: 'image/png' }];
    const metadata: Record<string, unknown> = { lines: [1, 2, { deep: 'x' }], gone: undefined, nan: NaN, nothing: null };
    const event = { seq: 1, type: 'tool_execution_end', result: { output: 'a\tb\n"c"', images, metadata }, holes: [1, , 3] };
    const before = JSON.stringify(event);
    const snap = snapshotJson(event);
    images[0].data = 'changed';
    images.push({ data: 'more', mimeType: 'image/png' });
    (metadata.lines as unknown[])[2] = 'replaced';
    metadata.added = true;
    event.result.output = 'rewritten';
    expect(JSON.stringify(snap)).toBe(before);
  });

  it('shares strings and copies only objects and arrays', () => {
    const big = 'x'.repeat(100_000);
    const event = { result: { output: big } };
    const snap = snapshotJson(event)!;
    expect(snap).not.toBe(event);
    expect(snap.result).not.toBe(event.result);
    expect(snap.result.output).toBe(big);
  });

  it('gives up on what only serialising now gets right: toJSON, class instances, functions, bigints, cycles', () => {
    expect(snapshotJson({ when: new Date(0) })).toBeUndefined();
    expect(snapshotJson({ bytes: Buffer.from('hi') })).toBeUndefined();
    expect(snapshotJson({ v: { toJSON: () => 'now' } })).toBeUndefined();
    expect(snapshotJson({ f: () => 1 })).toBeUndefined();
    expect(snapshotJson({ n: 1n })).toBeUndefined();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(snapshotJson(cyclic)).toBeUndefined();
    expect(snapshotJson(Object.assign(Object.create(null) as object, { a: 1 }))).toEqual({ a: 1 });
  });
});
