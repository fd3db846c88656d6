import { existsSync, readFileSync } from 'node:fs';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';

/** A session file read back. */
export interface SessionFileContents {
  events: GlassboxEvent[];
  /** Lines that could not be read (a torn last line after kill -9, or damage). */
  skipped: number;
  warnings: string[];
}

/**
 * Reads a session file (one JSON event per line). A torn last line — the process died mid-write —
 * is skipped with a warning; so is any other unreadable line, with its number.
 */
export function readSessionFile(path: string): SessionFileContents {
  if (!existsSync(path)) return { events: [], skipped: 0, warnings: [] };
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const events: GlassboxEvent[] = [];
  const warnings: string[] = [];
  let skipped = 0;
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    try {
      const e = JSON.parse(line) as GlassboxEvent;
      if (!e || typeof e !== 'object' || typeof e.type !== 'string') throw new Error('not an event');
      events.push(e);
    } catch {
      skipped++;
      const last = i === lines.length - 1 || lines.slice(i + 1).every((l) => !l.trim());
      warnings.push(
        last
          ? `${path}: skipped a torn last line (${line.length} bytes; the writer was probably killed mid-write)`
          : `${path}:${i + 1}: skipped an unreadable line`,
      );
    }
  });
  return { events, skipped, warnings };
}
