import { closeSync, fstatSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { EventSource } from '../secrets/redacted-events';
import { snapshotJson } from './event-snapshot';

/** Writers with lines not yet on disk, flushed when the process exits (process.exit skips timers). */
const pendingAtExit = new Set<TraceWriter>();
let exitHookInstalled = false;
function flushAllAtExit(): void {
  for (const w of [...pendingAtExit]) w.flush();
}

/** True when the open file is empty or its last byte is a newline. */
function endsWithNewline(fd: number): boolean {
  const size = fstatSync(fd).size;
  if (size === 0) return true;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] === 0x0a;
}

/**
 * Appends every event of a source to a session file as whole JSON lines. The session attaches
 * it to its redacted events (RedactedEvents): what it is given is already free of secrets.
 * Lines are buffered and appended once per event-loop turn (setImmediate), as one write(2) of
 * whole `json + "\n"` lines: a tool call's start and end events cost one syscall, and that
 * syscall comes after the call's reply went out instead of in front of it. A kill -9 therefore
 * loses at most the current turn's events and leaves at most one torn last line, which
 * readSessionFile skips. `flush()`, `close()` and process exit write what is pending. The file
 * is opened on the first flush.
 *
 * Two events are written at once, with what is pending: `model_request`, so what the run did
 * (a tool's result, its side effects) is on disk before the model is asked again — a crash
 * after that request must not lose the call the model is answering — and `agent_end`.
 *
 * An event is recorded as it was when emitted: `write` keeps a snapshot of it (snapshotJson: its
 * objects and arrays copied, its strings shared), and the line is made from that snapshot when
 * it is flushed, so a later change to the emitted object changes nothing in the file, and the
 * serialisation of a large result (a 15 KB editor view) happens after the call's reply went out
 * rather than in front of it. An event that is not plain data is serialised at once.
 */
export class TraceWriter {
  private fd: number | null = null;
  private unsubscribe: (() => void) | null = null;
  private failed = false;
  /** Lines, or snapshots of events whose line is made at flush. */
  private pending: Array<string | GlassboxEvent> = [];
  private scheduled: NodeJS.Immediate | null = null;

  constructor(readonly path: string) {}

  /** Subscribes to every event of the source (a bus, or the session's redacted events). */
  attach(source: EventSource): this {
    this.unsubscribe = source.subscribe('*', (e) => this.write(e));
    return this;
  }

  /** The line written for an event. */
  line(event: GlassboxEvent): string {
    return JSON.stringify(event);
  }

  /** Queues the event's line; it reaches the file at the end of this event-loop turn. */
  write(event: GlassboxEvent): void {
    if (this.failed) return;
    if (event.type === 'model_request' || event.type === 'agent_end') {
      this.pending.push(this.line(event) + '\n');
      this.flush();
      return;
    }
    // A snapshot, not the object: the emitter may change it once emitted.
    this.pending.push(snapshotJson(event) ?? this.line(event) + '\n');
    if (this.scheduled) return;
    this.scheduled = setImmediate(() => {
      this.scheduled = null;
      this.flush();
    });
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      process.once('exit', flushAllAtExit);
    }
    pendingAtExit.add(this);
  }

  /** Appends every queued line now, in one write. */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    pendingAtExit.delete(this);
    if (!this.pending.length || this.failed) {
      this.pending = [];
      return;
    }
    let text = '';
    for (const p of this.pending) {
      if (typeof p === 'string') text += p;
      else text += this.lineOrReport(p);
    }
    this.pending = [];
    try {
      if (this.fd === null) {
        mkdirSync(dirname(this.path), { recursive: true });
        this.fd = openSync(this.path, 'a+', 0o600); // only the user: it holds everything the agent saw
        // A resumed file may end in a line torn by a crash: start a new line after it, so the
        // torn line stays one bad line (reported by readSessionFile) and the first new event
        // is not fused onto it and lost with it.
        if (!endsWithNewline(this.fd)) text = '\n' + text;
      }
      writeSync(this.fd, text);
    } catch (err) {
      this.failed = true; // a full disk must not kill the run; say it once
      console.error(`[glassbox] cannot write session file ${this.path}: ${(err as Error).message}`);
    }
  }

  /** A snapshot's line; one that cannot be made (a string past V8's limit) is reported and left out. */
  private lineOrReport(event: GlassboxEvent): string {
    try {
      return this.line(event) + '\n';
    } catch (err) {
      console.error(`[glassbox] cannot record event ${event.seq} (${event.type}) in ${this.path}: ${(err as Error).message}`);
      return '';
    }
  }

  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.flush();
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
