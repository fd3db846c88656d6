import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { parseEventLine } from '../../../src-shared/events/event-line';

/** A session file read back. */
export interface SessionFileContents {
  events: GlassboxEvent[];
  /** Lines that could not be read (a torn last line after kill -9, or damage). */
  skipped: number;
  warnings: string[];
}

/** Parses a session file's text line by line, a slice at a time. */
class LineReader {
  readonly out: SessionFileContents = { events: [], skipped: 0, warnings: [] };
  private at = 0;
  private lineNo = 0;

  constructor(
    private readonly path: string,
    private readonly text: string,
  ) {}

  get done(): boolean {
    return this.at >= this.text.length;
  }

  /** Reads up to `max` lines. */
  read(max: number): void {
    const { text, out } = this;
    for (let n = 0; n < max && this.at < text.length; n++) {
      let nl = text.indexOf('\n', this.at);
      if (nl < 0) nl = text.length;
      const line = text.slice(this.at, nl);
      this.at = nl + 1;
      this.lineNo++;
      if (!line.trim()) continue;
      const e = parseEventLine(line);
      if (e) out.events.push(e);
      else {
        out.skipped++;
        const last = this.at >= text.length || !text.slice(this.at).trim();
        out.warnings.push(
          last
            ? `${this.path}: skipped a torn last line (${line.length} bytes; the writer was probably killed mid-write)`
            : `${this.path}:${this.lineNo}: skipped an unreadable line`,
        );
      }
    }
  }
}

/**
 * Reads a session file (one JSON event per line). A torn last line — the process died mid-write —
 * is skipped with a warning; so is any other unreadable line, with its number.
 */
export function readSessionFile(path: string): SessionFileContents {
  if (!existsSync(path)) return { events: [], skipped: 0, warnings: [] };
  const reader = new LineReader(path, readFileSync(path, 'utf8'));
  reader.read(Infinity);
  return reader.out;
}

/** Lines parsed between two yields to the event loop (a few milliseconds of work). */
const SLICE_LINES = 2000;

/**
 * `readSessionFile` for a host that must keep answering while it reads: the file is read
 * without blocking and its lines parsed in slices, the event loop served between them. The
 * same events, skips and warnings.
 */
export async function readSessionFileAsync(path: string): Promise<SessionFileContents> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { events: [], skipped: 0, warnings: [] };
    throw err;
  }
  const reader = new LineReader(path, text);
  while (!reader.done) {
    reader.read(SLICE_LINES);
    if (!reader.done) await new Promise<void>((r) => setImmediate(r));
  }
  return reader.out;
}
