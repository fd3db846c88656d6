import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EventBus } from '../events/event-bus';
import type { GlassboxEvent } from '../events/event-types';
import type { SecretRedactor } from './secret-redactor';

/**
 * Appends every event of a bus to a session file as whole JSON lines, with secrets redacted.
 * Each line is one write(2) of `json + "\n"`, so a crash leaves at most one torn last line,
 * which readSessionFile skips. The file is opened on the first event.
 */
export class TraceWriter {
  private fd: number | null = null;
  private unsubscribe: (() => void) | null = null;
  private failed = false;

  constructor(
    readonly path: string,
    private readonly redactor?: SecretRedactor,
  ) {}

  /** Subscribes to every event of the bus. */
  attach(bus: EventBus): this {
    this.unsubscribe = bus.subscribe('*', (e) => this.write(e));
    return this;
  }

  /** The line written for an event (also used for `--json` output). */
  line(event: GlassboxEvent): string {
    const json = JSON.stringify(event);
    return this.redactor?.active ? this.redactor.redact(json) : json;
  }

  write(event: GlassboxEvent): void {
    if (this.failed) return;
    try {
      if (this.fd === null) {
        mkdirSync(dirname(this.path), { recursive: true });
        this.fd = openSync(this.path, 'a');
      }
      writeSync(this.fd, this.line(event) + '\n');
    } catch (err) {
      this.failed = true; // a full disk must not kill the run; say it once
      console.error(`[glassbox] cannot write session file ${this.path}: ${(err as Error).message}`);
    }
  }

  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
