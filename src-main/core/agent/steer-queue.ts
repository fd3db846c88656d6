import { randomUUID } from 'node:crypto';
import type { EventBus } from '../events/event-bus';
import type { SteeringPort } from './run-options';

/** Characters one queued message may hold (the composer's own limit is the model's window). */
const MAX_QUEUED_CHARS = 200_000;

/**
 * Messages typed while a run works: queued (shown as queued, editable, removable), they go in
 * as user messages before the run's next model request; *Stop after this step* ends the run
 * once the running step's tools are done. Every change is a `steer_queue` event, so the window
 * (and a reloaded page) shows the queue as it is.
 */
export class SteerQueue implements SteeringPort {
  private items: Array<{ id: string; text: string }> = [];
  private stop = false;

  constructor(private readonly bus: EventBus) {}

  /** The queue, oldest first. */
  get queued(): ReadonlyArray<{ id: string; text: string }> {
    return this.items;
  }

  /** Adds a message; returns its id. Throws on an empty or oversized text. */
  add(text: string): string {
    const t = checked(text);
    const id = `q_${randomUUID().slice(0, 8)}`;
    this.items.push({ id, text: t });
    this.changed();
    return id;
  }

  /** Replaces a queued message's text; false when it already went in (or was removed). */
  edit(id: string, text: string): boolean {
    const item = this.items.find((i) => i.id === id);
    if (!item) return false;
    item.text = checked(text);
    this.changed();
    return true;
  }

  /** Removes a queued message; false when it already went in. */
  remove(id: string): boolean {
    const before = this.items.length;
    this.items = this.items.filter((i) => i.id !== id);
    if (this.items.length === before) return false;
    this.changed();
    return true;
  }

  /** *Stop after this step*: the run ends once the running step's tools are done. */
  stopAfterStep(): void {
    if (this.stop) return;
    this.stop = true;
    this.changed();
  }

  take(): string[] {
    if (!this.items.length) return [];
    const out = this.items.map((i) => i.text);
    this.items = [];
    this.changed();
    return out;
  }

  stopRequested(): boolean {
    return this.stop;
  }

  /** A run starts: a *Stop after this step* of an earlier run no longer counts. */
  runStarted(): void {
    if (this.stop) {
      this.stop = false;
      this.changed();
    }
  }

  /** A run ended: the stop request is spent (queued messages stay for the host to send or show). */
  runEnded(): void {
    this.runStarted();
  }

  private changed(): void {
    this.bus.emit({ type: 'steer_queue', queued: this.items.map((i) => ({ ...i })), stopAfterStep: this.stop });
  }
}

function checked(text: string): string {
  const t = text.trim();
  if (!t) throw new Error('A queued message cannot be empty.');
  if (t.length > MAX_QUEUED_CHARS) throw new Error(`A queued message is limited to ${MAX_QUEUED_CHARS.toLocaleString('en-US')} characters.`);
  return t;
}
