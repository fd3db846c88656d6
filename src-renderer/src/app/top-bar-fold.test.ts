import { describe, expect, it } from 'vitest';
import { FOLD_MEDIUM, FOLD_NARROW, FOLD_WIDE, foldLevelFor, MAX_FOLD_LEVEL, topBarFold } from './top-bar-fold';

describe('the top bar fold', () => {
  it('shows everything in the line when it is wide, with no menu', () => {
    expect(foldLevelFor(FOLD_WIDE)).toBe(0);
    expect(topBarFold(0)).toEqual({ totalsInline: true, traceInline: true, notifyInline: true, rateInline: true, icons: false, compact: false, menu: false });
  });

  it('folds the totals and Notify me first, the trace and the burn rate next, then goes compact', () => {
    expect([FOLD_WIDE - 1, FOLD_MEDIUM, FOLD_MEDIUM - 1, FOLD_NARROW, FOLD_NARROW - 1, 0].map(foldLevelFor)).toEqual([1, 1, 2, 2, 3, 3]);
    expect(topBarFold(1)).toMatchObject({ totalsInline: false, notifyInline: false, traceInline: true, rateInline: true, icons: true, compact: false, menu: true });
    expect(topBarFold(2)).toMatchObject({ traceInline: false, rateInline: false, compact: false, menu: true });
    expect(topBarFold(MAX_FOLD_LEVEL)).toMatchObject({ totalsInline: false, traceInline: false, notifyInline: false, rateInline: false, compact: true, menu: true });
  });
});
