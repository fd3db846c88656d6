import { describe, expect, it } from 'vitest';
import { SketchPool } from './sketch-pool';

describe('sketch pool', () => {
  it('keeps a row in its slot while it stays, gives a freed slot to the next row, and grows only when full', () => {
    const pool = new SketchPool();
    expect(pool.assign(['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
    // 'a' left, 'd' came: 'd' takes a's slot; b and c stay where they were.
    expect(pool.assign(['b', 'c', 'd'])).toEqual(['d', 'b', 'c']);
    // Two leave, one comes: the lowest free slot, the other stays free (drawn hidden).
    expect(pool.assign(['c', 'e'])).toEqual(['e', undefined, 'c']);
    // More than the slots: the pool grows.
    expect(pool.assign(['c', 'e', 'f', 'g'])).toEqual(['e', 'f', 'c', 'g']);
    // None left: every slot free, none removed.
    expect(pool.assign([])).toEqual([undefined, undefined, undefined, undefined]);
  });
});
