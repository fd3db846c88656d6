/** How far back the pace looks (ms): about six frames at 60 Hz. */
const WINDOW_MS = 100;
/** Scroll events that must fall in the window: one jump (a search hit, Alt+↓, a revealed card) is never fast. */
const MIN_EVENTS = 3;

/**
 * How fast the conversation is being scrolled, from its last scroll events. It is *fast* while
 * the last 100 ms moved the content by more than the height of the view over at least three
 * scroll events: a fling, a dragged scrollbar, a held Page Down. At that pace nothing on screen
 * can be read, and rows entering the view are drawn as sketches (SketchLayer) and filled in once the
 * pace drops. A wheel turned by hand (~100 px a notch) stays well below it.
 */
export class ScrollPace {
  /** Scroll events in the window: time (ms) and how far the content moved since the event before. */
  private readonly moves: Array<{ t: number; dy: number }> = [];
  private lastY: number | undefined;
  private screen = Infinity;

  /** One scroll event at time `t` (ms), the view's `top` offset (px) and its height (px). */
  record(t: number, top: number, height: number): void {
    if (height > 0) this.screen = height;
    if (this.lastY !== undefined) this.moves.push({ t, dy: Math.abs(top - this.lastY) });
    this.lastY = top;
    this.drop(t);
  }

  /** Whether the view is being scrolled too fast to read at time `t` (ms). */
  fast(t: number): boolean {
    this.drop(t);
    if (this.moves.length < MIN_EVENTS) return false;
    let moved = 0;
    for (const m of this.moves) moved += m.dy;
    return moved > this.screen;
  }

  private drop(t: number): void {
    let n = 0;
    while (n < this.moves.length && this.moves[n]!.t < t - WINDOW_MS) n++;
    if (n) this.moves.splice(0, n);
  }
}
