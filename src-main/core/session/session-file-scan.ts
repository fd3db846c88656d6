import { closeSync, fstatSync, openSync } from 'node:fs';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { parseEventLine } from '../../../src-shared/events/event-line';
import { readAt, readInto } from '../config/read-at';

/** What a session file holds, found without parsing every line (see `scanSessionFile`). */
export interface SessionFileScan {
  /** The events of the file's first bytes (whole lines only). */
  head: GlassboxEvent[];
  /** The events of the file's last bytes (whole lines only). */
  tail: GlassboxEvent[];
  /** Non-empty lines: the events, counting any damaged line. */
  lines: number;
  /** True when some line is an `agent_start` (the session was given a task: a conversation). */
  hasTask: boolean;
  /** The last line naming a `parent` (a fork's own `agent_start`), parsed. */
  lastParentLine?: GlassboxEvent;
  size: number;
}

const CHUNK = 1 << 20;
const EDGE = 64 * 1024;
const NL = 0x0a;
const TASK = Buffer.from('"type":"agent_start"');
const PARENT = Buffer.from('"parent":');

/** The events of whole lines in `text` (a first or last partial line is left out by the caller). */
export function parseLines(text: string): GlassboxEvent[] {
  const out: GlassboxEvent[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const e = parseEventLine(line);
    if (e) out.push(e); // else a damaged or torn line: readSessionFile reports it when the session is loaded
  }
  return out;
}


/**
 * The events of the last `bytes` of a session file (whole lines), and where they start. The
 * window's first screen of a long session comes from here, before the whole file is read.
 */
export function readTailEvents(path: string, bytes: number): { events: GlassboxEvent[]; from: number; size: number } {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const from = Math.max(0, size - bytes);
    const buf = readAt(fd, from, size - from);
    // Not at the start: the first line is (probably) cut; start after its end.
    const start = from === 0 ? 0 : buf.indexOf(NL) + 1;
    return { events: parseLines(buf.subarray(start).toString('utf8')), from: from + start, size };
  } finally {
    closeSync(fd);
  }
}

/**
 * Scans a session file without parsing every line: the events of its first and last 64 KiB, the
 * number of lines, whether it holds a task, and its last line naming a `parent`.
 * One pass over the bytes in 1 MiB reads (a byte search, no JSON), so a 100 MB session lists in
 * tens of milliseconds instead of seconds.
 */
export function scanSessionFile(path: string): SessionFileScan {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    let lines = 0;
    let hasTask = false;
    let parentAt = -1;
    let lastByte = NL;
    // One buffer for every chunk, not zero-filled (each read overwrites what it uses).
    const chunk = Buffer.allocUnsafe(CHUNK + 64);
    for (let pos = 0; pos < size; pos += CHUNK) {
      const buf = readInto(fd, chunk, pos, Math.min(CHUNK + 64, size - pos)); // a little overlap: a pattern across chunks
      const own = Math.min(CHUNK, buf.length);
      for (let i = buf.indexOf(NL); i >= 0 && i < own; i = buf.indexOf(NL, i + 1)) {
        // A line ends here: count it unless it is empty (two newlines in a row).
        if ((i > 0 ? buf[i - 1] : lastByte) !== NL) lines++;
      }
      lastByte = buf[own - 1] ?? lastByte;
      if (!hasTask) {
        const at = buf.indexOf(TASK);
        hasTask = at >= 0 && at < own;
      }
      // Forward searches (a backward search for a long pattern is several times slower); most
      // files have none.
      for (let p = buf.indexOf(PARENT); p >= 0 && p < own; p = buf.indexOf(PARENT, p + 1)) parentAt = pos + p;
    }
    if (size > 0 && lastByte !== NL) lines++; // a last line without its newline (still being written, or torn)
    const headBuf = readAt(fd, 0, Math.min(EDGE, size));
    const headEnd = size <= EDGE ? headBuf.length : headBuf.lastIndexOf(NL) + 1;
    const head = parseLines(headBuf.subarray(0, headEnd).toString('utf8'));
    const tail = size <= EDGE ? head : parseLines(tailText(fd, size));
    let lastParentLine: GlassboxEvent | undefined;
    if (parentAt >= 0) {
      const from = Math.max(0, parentAt - EDGE);
      const around = readAt(fd, from, Math.min(2 * EDGE, size - from));
      const at = parentAt - from;
      const start = around.lastIndexOf(NL, at) + 1;
      const end = around.indexOf(NL, at);
      lastParentLine = parseLines(around.subarray(start, end < 0 ? around.length : end).toString('utf8'))[0];
    }
    return { head, tail, lines, hasTask, size, ...(lastParentLine ? { lastParentLine } : {}) };
  } finally {
    closeSync(fd);
  }
}

function tailText(fd: number, size: number): string {
  const from = size - EDGE;
  const buf = readAt(fd, from, EDGE);
  return buf.subarray(buf.indexOf(NL) + 1).toString('utf8');
}
