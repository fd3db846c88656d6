import type { FunctionTool, ResponseInputContent, ResponseInputItem } from 'openai/resources/responses/responses';
import type { ToolImage } from '../../../src-shared/events/tool-result';
import type { FunctionToolParam } from '../tools/tool';
import { carriedOf, ResponsesReasoningItem } from './carried-items';
import type { ChatMessage } from './llm-types';
import { effortOf, type ThinkingSetting } from './thinking-config';

/**
 * The conversation in the shape of OpenAI's Responses API. Leading system messages join the
 * instructions; an assistant turn is its reasoning items exactly as received (only when they
 * came from this model over this API: encrypted reasoning is bound to both), then its text,
 * then its function calls; a tool result is a `function_call_output`, images included.
 */
export function toResponsesInput(system: string, messages: ChatMessage[], model: string): { instructions: string; input: ResponseInputItem[] } {
  const instructions = system ? [system] : [];
  const input: ResponseInputItem[] = [];
  let leading = true;
  for (const m of messages) {
    if (m.role === 'system' && leading) {
      instructions.push(m.content);
      continue;
    }
    leading = false;
    switch (m.role) {
      case 'system':
        input.push({ role: 'system', content: m.content });
        break;
      case 'user':
        input.push(m.images?.length ? { role: 'user', content: [{ type: 'input_text', text: m.content }, ...m.images.map(imagePart)] } : { role: 'user', content: m.content || '(empty)' });
        break;
      case 'assistant':
        if (m.reasoning?.api === 'openai-responses' && m.reasoning.model === model) input.push(...(carriedOf(ResponsesReasoningItem, m.reasoning.items) as ResponseInputItem[]));
        if (m.content) input.push({ role: 'assistant', content: m.content });
        for (const c of m.toolCalls ?? []) input.push({ type: 'function_call', call_id: c.id, name: c.name, arguments: c.arguments || '{}' });
        break;
      case 'tool':
        input.push({
          type: 'function_call_output',
          call_id: m.toolCallId,
          output: m.images?.length ? [{ type: 'input_text', text: m.content || '(no output)' }, ...m.images.map(imagePart)] : m.content || '(no output)',
        });
        break;
    }
  }
  return { instructions: instructions.join('\n\n'), input };
}

function imagePart(img: ToolImage): Extract<ResponseInputContent, { type: 'input_image' }> {
  return { type: 'input_image', image_url: `data:${img.mimeType};base64,${img.data}`, detail: 'auto' };
}

/** The tool list in the Responses API's (flat) function shape. */
export function toResponsesTools(tools: FunctionToolParam[]): FunctionTool[] {
  return tools.map((t) => ({ type: 'function', name: t.function.name, description: t.function.description ?? null, parameters: t.function.parameters as Record<string, unknown>, strict: false }));
}

/** OpenAI models that reason (o-series, GPT-5 family, Codex, gpt-oss): they get reasoning settings and encrypted reasoning. */
export function isReasoningModel(model: string): boolean {
  return /^(o\d|gpt-5|codex|gpt-oss|computer-use)/.test(model.toLowerCase().replace(/^.*\//, ''));
}

/**
 * The request's `reasoning` and `include` for a model and setting. Reasoning models always get
 * their reasoning back encrypted (`store: false` keeps nothing on OpenAI's side, so it must
 * travel with the conversation) and summaries unless thinking is off; `off` asks GPT-5 models
 * for the least reasoning they allow.
 */
export function responsesReasoning(model: string, setting: ThinkingSetting | undefined): { reasoning?: Record<string, unknown>; include?: string[] } {
  if (!isReasoningModel(model) && (!setting || setting.kind === 'off')) return {};
  const include = ['reasoning.encrypted_content'];
  if (setting?.kind === 'off') {
    const id = model.toLowerCase().replace(/^.*\//, '');
    const least = /^gpt-5\.\d/.test(id) ? 'none' : /^gpt-5/.test(id) ? 'minimal' : undefined;
    return { include, ...(least ? { reasoning: { effort: least } } : {}) };
  }
  return { include, reasoning: { summary: 'auto', ...(setting ? { effort: effortOf(setting) } : {}) } };
}
