import type { CreateMessageResult } from '@modelcontextprotocol/client';
import type { ChatMessage, LlmProvider } from '../../llm/llm-types';
import { costOf, priceOf, type PriceTable } from '../../llm/prices';
import type { FunctionToolParam, JsonSchema } from '../../tools/tool';
import type { McpSampler, SamplingRequest } from './sampling';
import { samplingText } from './sampling-text';

function toChat(req: SamplingRequest): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const m of req.messages ?? []) {
    const blocks = (Array.isArray(m.content) ? m.content : [m.content]) as Array<{ type?: string; data?: string; mimeType?: string }>;
    const images = blocks.filter((b) => b?.type === 'image' && typeof b.data === 'string').map((b) => ({ data: b.data!, mimeType: b.mimeType ?? 'image/png' }));
    const text = samplingText(blocks.filter((b) => b?.type !== 'image'));
    if (m.role === 'assistant') out.push({ role: 'assistant', content: text });
    else out.push({ role: 'user', content: text, ...(images.length ? { images } : {}) });
  }
  return out;
}

function toTools(req: SamplingRequest): FunctionToolParam[] {
  return (req.tools ?? []).map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description ?? '', parameters: (t.inputSchema ?? { type: 'object', properties: {} }) as JsonSchema },
  }));
}

/**
 * A sampler on the session's model: the server's messages, system prompt and tools become
 * one model turn; its text (or tool calls) becomes the MCP result. The usage is priced from
 * `prices` over the built-in table (null when the model has no known price or no usage came back).
 */
export function llmSampler(provider: () => LlmProvider, prices?: PriceTable): McpSampler {
  return async (req, signal) => {
    const llm = provider();
    const turn = await llm.complete({ system: req.systemPrompt ?? '', messages: toChat(req), tools: toTools(req), signal });
    const content =
      turn.toolCalls.length > 0
        ? turn.toolCalls.map((c) => ({ type: 'tool_use' as const, id: c.id, name: c.name, input: safeJson(c.arguments) }))
        : { type: 'text' as const, text: turn.text };
    const result = {
      role: 'assistant',
      content,
      model: llm.model,
      stopReason: turn.toolCalls.length > 0 ? 'toolUse' : turn.stopReason === 'length' || turn.stopReason === 'max_tokens' ? 'maxTokens' : 'endTurn',
    } as CreateMessageResult;
    const u = turn.usage;
    const costUsd = u?.inputTokens !== undefined && u.outputTokens !== undefined ? costOf({ inputTokens: u.inputTokens, outputTokens: u.outputTokens, ...(u.cachedInputTokens !== undefined ? { cachedInputTokens: u.cachedInputTokens } : {}), ...(u.cacheWriteTokens !== undefined ? { cacheWriteTokens: u.cacheWriteTokens } : {}) }, priceOf(llm.model, prices)) : null;
    return { result, ...(u ? { usage: u } : {}), costUsd };
  };
}

function safeJson(s: string): Record<string, unknown> {
  try {
    const v = JSON.parse(s) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
