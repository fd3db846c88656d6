import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { ChatMessage } from '../llm/llm-types';
import type { ToolImage } from '../../../src-shared/events/tool-result';

/**
 * Rebuilds the conversation from a session's events (for `--session ID`, resume after a crash):
 * every `message_end` in order. A tool call whose result was never recorded (the process died
 * while it ran) gets an error result, so the conversation stays valid for the model.
 */
export function conversationFromEvents(events: GlassboxEvent[]): ChatMessage[] {
  const images = new Map<string, ToolImage[]>();
  for (const e of events) {
    if (e.type === 'tool_execution_end' && e.result.images?.length && !e.replayOf) images.set(e.callId, e.result.images);
  }
  const out: ChatMessage[] = [];
  let open: { ids: Set<string>; calls: { id: string; name: string }[] } | null = null;
  const closeOpen = (): void => {
    if (!open) return;
    for (const c of open.calls) {
      if (open.ids.has(c.id)) {
        out.push({ role: 'tool', toolCallId: c.id, toolName: c.name, content: 'Error: no result was recorded for this call (the run was interrupted).', isError: true });
      }
    }
    open = null;
  };
  for (const e of events) {
    if (e.type !== 'message_end') continue;
    if (e.role === 'tool' && e.toolCallId) {
      const imgs = images.get(e.toolCallId);
      out.push({ role: 'tool', toolCallId: e.toolCallId, toolName: e.toolName ?? '', content: e.content, ...(imgs ? { images: imgs } : {}), ...(e.isError ? { isError: true } : {}) });
      open?.ids.delete(e.toolCallId);
      continue;
    }
    closeOpen();
    if (e.role === 'assistant') {
      out.push({ role: 'assistant', content: e.content, ...(e.toolCalls?.length ? { toolCalls: e.toolCalls } : {}) });
      if (e.toolCalls?.length) open = { ids: new Set(e.toolCalls.map((c) => c.id)), calls: e.toolCalls.map((c) => ({ id: c.id, name: c.name })) };
    } else if (e.role === 'user') out.push({ role: 'user', content: e.content });
    else if (e.role === 'system') out.push({ role: 'system', content: e.content });
  }
  closeOpen();
  return out;
}
