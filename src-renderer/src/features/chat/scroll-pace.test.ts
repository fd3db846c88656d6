import { describe, expect, it } from 'vitest';
import { ScrollPace } from './scroll-pace';

/** Scroll events every `every` ms, moving `px` each, from `from` (ms). */
function scroll(pace: ScrollPace, n: number, px: number, every = 16, from = 0, height = 800): number {
  let t = from;
  for (let i = 0, y = 100_000; i < n; i++, t += every, y -= px) pace.record(t, y, height);
  return t - every;
}

describe('scroll pace', () => {
  it('is fast while the last 100 ms moved more than the view is high', () => {
    const pace = new ScrollPace();
    const t = scroll(pace, 10, 400); // a fling: 400 px a frame
    expect(pace.fast(t)).toBe(true);
  });

  it('is not fast at a pace one can read, however long it goes on', () => {
    const pace = new ScrollPace();
    const t = scroll(pace, 100, 100); // 100 px a frame: 600 px per 100 ms under an 800 px view
    expect(pace.fast(t)).toBe(false);
    const wheel = new ScrollPace();
    expect(wheel.fast(scroll(wheel, 30, 20))).toBe(false); // a wheel notch's smooth animation
  });

  it('a single jump (a search hit, End, a card revealed) is never fast', () => {
    const pace = new ScrollPace();
    pace.record(0, 0, 800);
    pace.record(16, 500_000, 800);
    expect(pace.fast(16)).toBe(false);
    pace.record(32, 0, 800);
    expect(pace.fast(32)).toBe(false); // two jumps: still under three events
  });

  it('slows down by itself once the scroll events stop', () => {
    const pace = new ScrollPace();
    const t = scroll(pace, 10, 400);
    expect(pace.fast(t + 50)).toBe(true);
    expect(pace.fast(t + 120)).toBe(false);
  });

  it('measures against the height of the view: the same pace is fast in a small view only', () => {
    const small = new ScrollPace();
    const big = new ScrollPace();
    const ts = scroll(small, 10, 150, 16, 0, 500);
    const tb = scroll(big, 10, 150, 16, 0, 1200);
    expect([small.fast(ts), big.fast(tb)]).toEqual([true, false]);
  });
});
