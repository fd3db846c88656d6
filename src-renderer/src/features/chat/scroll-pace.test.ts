import { describe, expect, it } from 'vitest';
import { ScrollPace, ViewMoves } from './scroll-pace';

/** Scroll events every `every` ms, moving `px` each, from `from` (ms). */
function scroll(pace: ScrollPace, n: number, px: number, every = 16, from = 0, height = 800): number {
  let t = from;
  for (let i = 0; i < n; i++, t += every) pace.record(t, -px, height);
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
    pace.record(16, 500_000, 800);
    expect(pace.fast(16)).toBe(false);
    pace.record(32, -500_000, 800);
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

  it('counts only what the user moved: the moves the app makes itself are not scrolling', () => {
    // A long session opening: the rest of it arrives above and the view is kept on its row (48,000 px
    // further down), then the user scrolls up at a readable pace right away.
    const moves = new ViewMoves();
    const pace = new ScrollPace();
    const event = (t: number, top: number) => pace.record(t, moves.scrolled(top), 800);
    event(0, 14_100);
    moves.placed(62_100);
    event(20, 62_100);
    event(40, 62_040);
    event(56, 61_980);
    expect(pace.fast(56)).toBe(false);
    // Without the app's move placed, the same events read as a fling.
    const unplaced = new ViewMoves();
    const fooled = new ScrollPace();
    for (const [t, top] of [[0, 14_100], [20, 62_100], [40, 62_040], [56, 61_980]] as const) fooled.record(t, unplaced.scrolled(top), 800);
    expect(fooled.fast(56)).toBe(true);
  });

  it('reads a move as up or down from where the view was last put, by the user or the app', () => {
    const moves = new ViewMoves();
    expect(moves.scrolled(1_000)).toBe(0); // the first event: nothing to compare with
    expect(moves.scrolled(940)).toBe(-60);
    moves.placed(2_000); // pinned to a bottom that grew
    expect(moves.scrolled(1_990)).toBe(-10);
    moves.placed(1_500); // rows above measured shorter: the app moved the view up, not the user
    expect(moves.scrolled(1_500)).toBe(0);
  });
});
