import { describe, expect, it } from 'vitest';
import { RowFill, type PlacedRow } from './row-fill';

const rows = (...keys: string[]): PlacedRow[] => keys.map((key, i) => ({ key, start: i * 100, end: i * 100 + 100 }));

describe('row fill', () => {
  it('rows met while fast are sketches; rows met at a readable pace are full at once', () => {
    const fill = new RowFill();
    expect(fill.isFull('a', false, true)).toBe(true);
    expect(fill.isFull('b', true, true)).toBe(false);
    expect(fill.isFull('c', true, false)).toBe(true); // a kind without a sketch
    expect(fill.waiting).toBe(1);
  });

  it('a full row stays full and a sketch stays a sketch until filled, whatever the pace', () => {
    const fill = new RowFill();
    fill.isFull('a', false, true);
    fill.isFull('b', true, true);
    expect(fill.isFull('a', true, true)).toBe(true);
    expect(fill.isFull('b', false, true)).toBe(false);
    fill.fill('b');
    expect(fill.isFull('b', true, true)).toBe(true);
    expect(fill.waiting).toBe(0);
  });

  it('fills the rows in view first, from the top, then the nearest outside it', () => {
    const fill = new RowFill();
    const placed = rows('r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7');
    for (const r of placed) fill.isFull(r.key, true, true);
    // The view shows 250–550: r2 (partly), r3, r4, r5 (partly).
    const order: string[] = [];
    for (let k = fill.next(placed, 250, 550); k !== undefined; k = fill.next(placed, 250, 550)) {
      order.push(k);
      fill.fill(k);
    }
    expect(order.slice(0, 4)).toEqual(['r2', 'r3', 'r4', 'r5']);
    expect(order.slice(4)).toEqual(['r1', 'r6', 'r0', 'r7']);
  });

  it('forgets rows that left the page: one coming back is met again', () => {
    const fill = new RowFill();
    fill.isFull('a', true, true);
    fill.isFull('b', false, true);
    fill.retain(new Set(['c']));
    expect(fill.waiting).toBe(0);
    expect(fill.isFull('b', true, true)).toBe(false); // back during a fling: a sketch now
    expect(fill.next(rows('x'), 0, 100)).toBeUndefined(); // 'b' is not placed
  });
});
