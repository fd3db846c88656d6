import type { ToolCallRecord } from '../../../src-shared/events/event-types';

/** The nudge the model gets when it repeats itself. */
export const STUCK_NUDGE =
  'You seem to be repeating yourself without making progress. Stop repeating the same action: ' +
  'consider a different approach, check your assumptions, or call `terminate` if the task is done or cannot be done.';

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value as Record<string, unknown>).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A call's identity for repetition: tool name + arguments with key order ignored. */
export function callSignature(call: Pick<ToolCallRecord, 'name' | 'arguments'>): string {
  try {
    return `${call.name}:${canonical(JSON.parse(call.arguments || '{}'))}`;
  } catch {
    return `${call.name}:${call.arguments}`;
  }
}

/**
 * Detects a model going round in circles, in a way that works with native tool calling (the
 * seed compared only assistant text, which is empty on tool-call turns): the same non-empty
 * assistant text as the previous turn, or the same tool with the same arguments `repeatLimit`
 * times running.
 */
export class StuckDetector {
  private lastText = '';
  private lastSig = '';
  private sigRun = 0;

  constructor(private readonly repeatLimit = 3) {}

  /** Records one assistant turn; returns why it looks stuck, or null. */
  observe(turn: { text: string; toolCalls: Pick<ToolCallRecord, 'name' | 'arguments'>[] }): string | null {
    let reason: string | null = null;
    const text = turn.text.trim();
    if (text && text === this.lastText) reason = 'the same assistant message twice in a row';
    this.lastText = text;
    for (const c of turn.toolCalls) {
      const sig = callSignature(c);
      this.sigRun = sig === this.lastSig ? this.sigRun + 1 : 1;
      this.lastSig = sig;
      if (this.sigRun >= this.repeatLimit) {
        reason = `${c.name} called with the same arguments ${this.sigRun} times running`;
      }
    }
    if (reason && this.sigRun >= this.repeatLimit) this.sigRun = 0; // nudge once per run of repeats
    return reason;
  }

  reset(): void {
    this.lastText = '';
    this.lastSig = '';
    this.sigRun = 0;
  }
}
