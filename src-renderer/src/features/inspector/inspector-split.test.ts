import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_SHARE, listHeight, loadListShare, maxListHeight, MIN_DETAIL, MIN_LIST, saveListShare, shareFor, SPLIT_BAR } from './inspector-split';

function memory(initial?: string): Storage {
  const m = new Map<string, string>(initial === undefined ? [] : [['glassbox.inspectorSplit', initial]]);
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) } as Storage;
}

describe('the inspector split (list above, details below)', () => {
  it('gives the list 40% of the room by default', () => {
    expect(listHeight(DEFAULT_LIST_SHARE, 508)).toBe(200);
  });

  it('keeps the list and the details above their minimums', () => {
    expect(listHeight(0.01, 600)).toBe(MIN_LIST);
    expect(listHeight(0.99, 600)).toBe(600 - SPLIT_BAR - MIN_DETAIL);
    expect(maxListHeight(600)).toBe(600 - SPLIT_BAR - MIN_DETAIL);
  });

  it('shares a height too small for both minimums instead of overflowing', () => {
    const h = listHeight(0.9, 180);
    expect(h).toBeGreaterThanOrEqual(0);
    expect(h).toBeLessThanOrEqual(180 - SPLIT_BAR);
    expect(listHeight(0.5, 0)).toBe(0);
  });

  it('turns a dragged height into a share within the limits', () => {
    expect(shareFor(300, 508)).toBeCloseTo(0.6);
    expect(shareFor(10, 508) * 500).toBeCloseTo(MIN_LIST);
    expect(shareFor(5000, 508) * 500).toBeCloseTo(500 - MIN_DETAIL);
    expect(shareFor(Number.NaN, 508)).toBe(DEFAULT_LIST_SHARE);
    expect(shareFor(100, 0)).toBe(DEFAULT_LIST_SHARE);
  });

  it('keeps the share in storage and ignores what does not parse', () => {
    const s = memory();
    expect(loadListShare(s)).toBe(DEFAULT_LIST_SHARE);
    saveListShare(0.62, s);
    expect(loadListShare(s)).toBe(0.62);
    for (const bad of ['{', '{"list":"a"}', '{"list":7}', '{"list":null}', '[]']) expect(loadListShare(memory(bad)), bad).toBe(DEFAULT_LIST_SHARE);
    expect(loadListShare(undefined)).toBe(DEFAULT_LIST_SHARE);
    const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } } as unknown as Storage;
    expect(loadListShare(throwing)).toBe(DEFAULT_LIST_SHARE);
    expect(() => saveListShare(0.5, throwing)).not.toThrow();
  });
});
