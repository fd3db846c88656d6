import type { EventBus } from '../events/event-bus';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { ExtensionLogLevel } from './api';
import { messageOf, type ExtensionEntry } from './entry';

/** Receives the human-readable log lines (`[name] message`); the CLI writes them to stderr. */
export type ExtensionLogSink = (line: string, level: ExtensionLogLevel) => void;

const MAX_ERRORS = 20;

/** Info and above to stderr: what the CLI shows when no sink is given. */
export const defaultExtensionLogSink: ExtensionLogSink = (line, level) => {
  if (level !== 'debug') process.stderr.write(line + '\n');
};

/**
 * Where extensions' log lines and failures go: the sink (stderr) and a `log` event on the bus.
 * Guards against loops: an extension that logs, or fails, in reaction to a `log` event would
 * otherwise feed itself.
 */
export class ExtensionLogger {
  /** > 0 while a `log` event from an extension is being delivered (stops log ping-pong). */
  private logDepth = 0;

  constructor(private readonly bus: EventBus, readonly sink: ExtensionLogSink) {}

  /** Writes `[name] message` to the sink and emits the `log` event, without log loops. */
  log(name: string, level: ExtensionLogLevel, message: string): void {
    this.sink(`[${name}] ${message}`, level);
    // A handler reacting to a log line by logging would recurse; its line still reaches the sink.
    if (this.logDepth > 0) return;
    this.logDepth++;
    try {
      this.bus.emit({ type: 'log', level, source: `extension:${name}`, message });
    } finally {
      this.logDepth--;
    }
  }

  /** Records a throwing handler or hook on the entry (last 20 kept) and logs it. */
  reportError(e: ExtensionEntry, what: string, err: unknown, event?: GlassboxEvent): void {
    const text = `${what} threw${event ? ` on ${event.type} #${event.seq}` : ''}: ${messageOf(err)}`;
    e.errors.push(text);
    if (e.errors.length > MAX_ERRORS) e.errors.splice(0, e.errors.length - MAX_ERRORS);
    if (event?.type === 'log') {
      // Never answer a failure on a log event with another log event (asynchronous ping-pong).
      this.sink(`[${e.name}] ${text}`, 'error');
      return;
    }
    this.log(e.name, 'error', text);
  }
}
