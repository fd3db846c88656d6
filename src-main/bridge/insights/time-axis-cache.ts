import { statSync } from 'node:fs';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { buildTimeAxis, type TimeAxis } from '../../../src-shared/read-models/time-axis';
import type { SessionStore } from '../../core/session/store';

/** How many sessions' axes are kept (each is about a megabyte for 10,000 calls). */
const KEPT = 4;

/**
 * The time axes of saved sessions, kept until their file changes. Building one reads and parses
 * the whole session file (a 10,000-call session: 70,000 events, hundreds of milliseconds on a
 * loaded machine); opening the same timeline again, or another window opening it, then costs a
 * stat. A file that grew (the session is still recording) is read again. A session open on the
 * host is laid out from the events it holds (the same, redacted, as its file) without reading
 * the file at all.
 */
export class TimeAxisCache {
  private readonly kept = new Map<string, { key: string; axis: TimeAxis }>();

  constructor(private readonly store: SessionStore) {}

  /**
   * The session's axis, built from `live` (the events of the session open on the host, which only
   * ever grow) or its file, unless they are unchanged since the last build.
   */
  axis(id: string, live?: readonly GlassboxEvent[] | null): TimeAxis {
    let key: string;
    if (live) key = `live:${live.length}:${live.at(-1)?.seq ?? 0}`;
    else {
      const st = statSync(this.store.pathOf(id));
      key = `${st.size}:${st.mtimeMs}:${st.ino}`;
    }
    const hit = this.kept.get(id);
    if (hit && hit.key === key) {
      // Most recently used last.
      this.kept.delete(id);
      this.kept.set(id, hit);
      return hit.axis;
    }
    const axis = buildTimeAxis(live ?? this.store.load(id).events);
    this.kept.delete(id);
    this.kept.set(id, { key, axis });
    while (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
    return axis;
  }
}
