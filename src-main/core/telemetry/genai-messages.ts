import { ATTRIBUTE_VALUE_LIMIT } from './span-events';

/**
 * Conversation messages in the GenAI conventions' JSON form (`gen_ai.input.messages`,
 * `gen_ai.output.messages`): `{ role, parts: [{ type: 'text', content } | { type: 'tool_call',
 * id, name, arguments } | { type: 'tool_call_response', id, response }] }`. Only built when
 * the user opted in to content capture.
 */

type Part =
  | { type: 'text'; content: string }
  | { type: 'tool_call'; id: string; name: string; arguments: unknown }
  | { type: 'tool_call_response'; id: string; response: string };

/** One message as the conventions write it. */
export interface GenAiMessage {
  role: string;
  parts: Part[];
  finish_reason?: string;
}

function parsedArgs(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A recorded message (`model_request.request.newMessages` item) in the conventions' form. */
export function toGenAiMessage(m: unknown): GenAiMessage | null {
  if (!m || typeof m !== 'object') return null;
  const r = m as { role?: unknown; content?: unknown; toolCalls?: Array<{ id?: unknown; name?: unknown; arguments?: unknown }>; toolCallId?: unknown };
  const role = typeof r.role === 'string' ? r.role : 'user';
  const text = typeof r.content === 'string' ? r.content : '';
  if (role === 'tool') return { role: 'tool', parts: [{ type: 'tool_call_response', id: String(r.toolCallId ?? ''), response: text }] };
  const parts: Part[] = text ? [{ type: 'text', content: text }] : [];
  for (const c of r.toolCalls ?? []) parts.push({ type: 'tool_call', id: String(c.id ?? ''), name: String(c.name ?? ''), arguments: parsedArgs(c.arguments) });
  return { role, parts };
}

/** A list of recorded messages as the JSON text of `gen_ai.input.messages`. */
export function messagesJson(list: unknown): string {
  const out = Array.isArray(list) ? list.map(toGenAiMessage).filter((m): m is GenAiMessage => m !== null) : [];
  return JSON.stringify(out);
}

/** The model's answer (`model_response.response`) as the JSON text of `gen_ai.output.messages`. */
export function outputJson(response: unknown, finishReason: string | undefined): string {
  const r = (response ?? {}) as { text?: unknown; toolCalls?: unknown };
  const m = toGenAiMessage({ role: 'assistant', content: r.text, toolCalls: Array.isArray(r.toolCalls) ? r.toolCalls : [] });
  return JSON.stringify(m ? [{ ...m, ...(finishReason ? { finish_reason: finishReason } : {}) }] : []);
}

/** Content as sent: cut at the attribute limit here, so no more than that leaves the thread. */
export function cutContent(s: string): string {
  return s.length > ATTRIBUTE_VALUE_LIMIT ? s.slice(0, ATTRIBUTE_VALUE_LIMIT) : s;
}

/** Content as its attribute's JSON text (a string as it is), cut at the attribute limit. */
export function contentJson(value: unknown): string {
  return cutContent(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
}

/** Stop reasons of both wire formats as the conventions' finish reasons. */
export function finishReason(stop: unknown): string | undefined {
  if (typeof stop !== 'string' || !stop) return undefined;
  if (stop === 'tool_calls' || stop === 'tool_use' || stop === 'function_call') return 'tool_call';
  if (stop === 'end_turn' || stop === 'stop_sequence') return 'stop';
  if (stop === 'max_tokens') return 'length';
  return stop;
}
