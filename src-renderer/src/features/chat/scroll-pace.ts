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
  private screen = Infinity;

  /** One scroll event at time `t` (ms) that moved the content `dy` px (ViewMoves; an event that moved nothing is not counted), in a view `height` px high. */
  record(t: number, dy: number, height: number): void {
    if (height > 0) this.screen = height;
    if (dy !== 0) this.moves.push({ t, dy: Math.abs(dy) });
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

/**
 * How far the user moved the view at each scroll event: its offset against where the view was
 * last put, by the user's scrolling or by the app itself. The app's own moves (the view pinned to
 * the bottom, a row kept in place while rows above it are measured or arrive) are `placed()` as
 * they are made, so they never count as the user's: they neither make the pace fast nor let go of
 * the bottom.
 */
export class ViewMoves {
  private last: number | undefined;

  /** The app put the view at `top` (px). */
  placed(top: number): void {
    this.last = top;
  }

  /** A scroll event found the view at `top` (px): how far (px, up is negative) the user moved it since it was last put. */
  scrolled(top: number): number {
    const dy = this.last === undefined ? 0 : top - this.last;
    this.last = top;
    return dy;
  }
}
