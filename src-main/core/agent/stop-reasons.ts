import type { ToolCallRecord } from '../../../src-shared/events/event-types';
import type { LlmError } from '../llm/llm-types';

/** True for a provider's "the prompt does not fit the context window" (Anthropic 400, OpenAI `context_length_exceeded`). */
export function isContextOverflow(err: LlmError): boolean {
  if (err.status !== 400 && err.status !== 413) return false;
  const body = JSON.stringify(err.detail?.body ?? '');
  const text = `${err.detail?.serverMessage ?? ''} ${err.message} ${body}`;
  return /prompt is too long|context_length_exceeded|maximum context length|context window|too many tokens/i.test(text);
}

/** Why a turn's stop ends the run: a refusal (Anthropic `refusal`) or a content filter (OpenAI `content_filter`); else null. */
export function refusalOf(stopReason: string | undefined): string | null {
  if (stopReason === 'refusal') return 'The model declined to answer (stop_reason "refusal"); nothing of that turn was run.';
  if (stopReason === 'content_filter') return 'The provider\'s content filter stopped the answer (finish_reason "content_filter"); nothing of that turn was run.';
  return null;
}

/** True when the output limit cut the turn off (Anthropic `max_tokens`, OpenAI `length`). */
export function isCutOff(stopReason: string | undefined): boolean {
  return stopReason === 'max_tokens' || stopReason === 'length';
}

/** What the model is told about its tool call that the output limit cut off. */
export function cutOffError(call: ToolCallRecord, stopReason: string): string {
  return (
    `Error: this call to ${call.name} was cut off by the output limit (stop reason "${stopReason}") before its arguments were complete, so it was not run. ` +
    `Make it again with shorter arguments (for a large file, create it in parts: a smaller create, then inserts).`
  );
}
