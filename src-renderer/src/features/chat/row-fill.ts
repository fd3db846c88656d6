/** A row of the conversation as the virtualizer places it (px from the top of the list). */
export interface PlacedRow {
  key: string;
  start: number;
  end: number;
}

/**
 * Which rows of the conversation on the page are drawn in full and which as sketches, and which
 * sketch to fill in next. A row met for the first time while the view scrolls too fast to read
 * (ScrollPace) is a sketch: a box of its height with its outline and first line, cheap to
 * mount. Once the pace drops the sketches are filled in a few per frame, those in view first; a
 * full row stays full as long as it is on the page, so nothing is drawn twice.
 */
export class RowFill {
  private readonly full = new Set<string>();
  private readonly sketched = new Set<string>();

  /** Whether the row `key` is drawn in full now; `sketchable`: whether its kind has a sketch. */
  isFull(key: string, fast: boolean, sketchable: boolean): boolean {
    if (this.full.has(key)) return true;
    if (this.sketched.has(key)) return false;
    if (fast && sketchable) {
      this.sketched.add(key);
      return false;
    }
    this.full.add(key);
    return true;
  }

  /** Forgets the rows no longer on the page (a row that comes back is met again). */
  retain(keys: ReadonlySet<string>): void {
    for (const set of [this.full, this.sketched]) for (const k of set) if (!keys.has(k)) set.delete(k);
  }

  /** How many sketches wait to be filled. */
  get waiting(): number {
    return this.sketched.size;
  }

  /**
   * The sketch to fill next among `rows` (those on the page), the view spanning `top`–`bottom`:
   * the highest one in view first (a height that differs from its estimate then moves only what is
   * below it), then the one nearest the view.
   */
  next(rows: readonly PlacedRow[], top: number, bottom: number): string | undefined {
    let best: string | undefined;
    let bestScore = Infinity;
    for (const r of rows) {
      if (!this.sketched.has(r.key)) continue;
      const inView = r.end > top && r.start < bottom;
      const score = inView ? r.start - top - 1e9 : r.end <= top ? top - r.end : r.start - bottom;
      if (score < bestScore) {
        bestScore = score;
        best = r.key;
      }
    }
    return best;
  }

  /** Marks the sketch `key` to be drawn in full from now on. */
  fill(key: string): void {
    if (this.sketched.delete(key)) this.full.add(key);
  }
}
