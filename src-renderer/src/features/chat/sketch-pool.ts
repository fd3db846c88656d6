/**
 * The page's sketch rows as a pool of slots that are reused rather than made and removed. During
 * a fling rows enter and leave the page every frame; a slot freed by a row that left takes the
 * next one that enters, so React changes a few texts, classes and a position instead of creating
 * elements, removing others and scheduling their effects' cleanup (each removal costs a task).
 * A row keeps its slot while it stays on the page.
 */
export class SketchPool {
  private slots: Array<string | undefined> = [];

  /**
   * The slots for the sketches now on the page (`keys`): `result[slot]` is the key drawn in that
   * slot, or undefined for a free one (drawn hidden). Rows already in a slot keep it; new ones
   * take the lowest free slot; the pool grows when none is free.
   */
  assign(keys: readonly string[]): ReadonlyArray<string | undefined> {
    const wanted = new Set(keys);
    const placed = new Set<string>();
    const slots = this.slots.map((k) => (k !== undefined && wanted.has(k) ? k : undefined));
    for (const k of slots) if (k !== undefined) placed.add(k);
    let free = 0;
    for (const k of keys) {
      if (placed.has(k)) continue;
      while (free < slots.length && slots[free] !== undefined) free++;
      slots[free] = k;
      placed.add(k);
    }
    this.slots = slots;
    return slots;
  }
}
