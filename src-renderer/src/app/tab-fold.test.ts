import { describe, expect, it } from 'vitest';
import { tabsInLine } from './tab-fold';

describe('tabsInLine', () => {
  const widths = [80, 50, 70, 60, 70, 50, 90]; // 470 in all

  it('shows every tab when they all fit (no room kept for ⋯)', () => {
    expect(tabsInLine(widths, 470, 0, 30)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('folds from the first that does not fit, keeping room for ⋯', () => {
    // 80 + 50 + 70 = 200, + ⋯ 30 = 230 ≤ 260; + 60 would be 290.
    expect(tabsInLine(widths, 260, 0, 30)).toEqual([0, 1, 2]);
  });

  it('keeps a folded active tab in the line, in its place, instead of the last that fitted', () => {
    // Active 6 (90): 30 + 90 = 120; + 80 + 50 = 250 ≤ 260; + 70 would be 320.
    expect(tabsInLine(widths, 260, 6, 30)).toEqual([0, 1, 6]);
  });

  it('shows at least the active tab when the strip has no room at all', () => {
    expect(tabsInLine(widths, 10, 3, 30)).toEqual([3]);
  });
});
