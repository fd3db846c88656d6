import type { EventBus } from '../events/event-bus';
import type { LlmProvider, LlmRequest, LlmTurn } from '../llm/llm-types';
import type { SecretRedactor } from '../secrets/redactor';
import { StreamRedactor } from '../secrets/stream-redactor';

/** How one streamed model turn ended: the assembled turn, or the error with the text streamed before it. */
export type StreamedTurn =
  | { ok: true; turn: LlmTurn; started: number; ttftMs: number | undefined }
  | { ok: false; error: unknown; streamed: string };

/** What streaming one turn needs. */
export interface ModelStreamInput {
  provider: LlmProvider;
  bus: EventBus;
  /** The session's secrets: deltas are redacted as they arrive (a key split across two deltas never shows). */
  redactor?: SecretRedactor;
  messageId: string;
  step: number;
  request: LlmRequest;
}

/**
 * Streams one model turn as events: `message_start`, then `message_update` and `thinking_update`
 * deltas (through a `StreamRedactor` each when secrets are configured), then on failure the
 * `message_end` of what arrived. What the redactors still hold is released before any
 * `message_end`; the success path leaves `message_end` to the caller.
 */
export async function streamModelTurn(input: ModelStreamInput): Promise<StreamedTurn> {
  const { provider, bus, messageId, step } = input;
  bus.emit({ type: 'message_start', messageId, role: 'assistant' });
  let streamed = '';
  let thought = '';
  let turn;
  // One per message (answer and reasoning apart); null (plain pass-through) when no secret is configured.
  const shown = input.redactor?.active ? new StreamRedactor(input.redactor) : null;
  const shownThinking = input.redactor?.active ? new StreamRedactor(input.redactor) : null;
  /** Emits what the stream redactors still hold: before every message_end of this message. */
  const releaseHeld = (): void => {
    const rest = shown?.end();
    if (rest) bus.emit({ type: 'message_update', messageId, role: 'assistant', delta: rest });
    const restThinking = shownThinking?.end();
    if (restThinking) bus.emit({ type: 'thinking_update', messageId, delta: restThinking });
  };
  const started = performance.now();
  let ttftMs: number | undefined;
  try {
    turn = await provider.complete(input.request, {
      onThinking: (delta) => {
        thought += delta;
        const safe = shownThinking ? shownThinking.push(delta) : delta;
        if (safe) bus.emit({ type: 'thinking_update', messageId, delta: safe });
      },
      onFirstToken: () => {
        ttftMs = performance.now() - started;
      },
      onText: (delta) => {
        streamed += delta;
        const safe = shown ? shown.push(delta) : delta;
        if (safe) bus.emit({ type: 'message_update', messageId, role: 'assistant', delta: safe });
      },
      // The window shows "Retrying (2/3) in 4 s…" from this; `glassbox run` prints it.
      onRetry: (info) => bus.emit({ type: 'model_retry', step, ...info }),
    });
  } catch (error) {
    releaseHeld();
    bus.emit({ type: 'message_end', messageId, role: 'assistant', content: streamed, ...(thought ? { thinking: thought } : {}) });
    return { ok: false, error, streamed };
  }
  releaseHeld();
  return { ok: true, turn, started, ttftMs };
}
