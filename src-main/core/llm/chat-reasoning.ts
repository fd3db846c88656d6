import type { CarriedReasoning } from '../../../src-shared/events/event-types';
import type { ChatMessage } from './llm-types';
import { effortOf, type ThinkingSetting } from './thinking-config';

/**
 * Reasoning over OpenAI-compatible chat completions, where every server does it its own way.
 * Streamed: `delta.reasoning_content` (DeepSeek, vLLM, LM Studio), `delta.reasoning` (Ollama,
 * OpenRouter, newer vLLM), `delta.reasoning_details` (OpenRouter: text, summaries or encrypted
 * blocks with signatures) — all shown as thinking. Sent back as each server's documentation says:
 * DeepSeek wants `reasoning_content` of every assistant turn that called tools; OpenRouter wants
 * `reasoning_details` unmodified; every other server ignores or rejects reasoning in input, so
 * it is dropped.
 */

/** The servers whose reasoning rules differ. */
export type ChatServer = 'openai' | 'deepseek' | 'openrouter' | 'ollama' | 'other';

/** Which server an endpoint is, by host (Ollama also by its default port). */
export function chatServerOf(endpoint: string): ChatServer {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'other';
  }
  const host = url.hostname;
  if (host === 'api.openai.com') return 'openai';
  if (host === 'api.deepseek.com') return 'deepseek';
  if (host === 'openrouter.ai' || host.endsWith('.openrouter.ai')) return 'openrouter';
  if (url.port === '11434' || host === 'ollama.com' || host.includes('ollama')) return 'ollama';
  return 'other';
}

/** The request fields that ask a server for (or against) reasoning; none when nothing is set. */
export function chatReasoningFields(server: ChatServer, setting: ThinkingSetting | undefined): Record<string, unknown> {
  if (!setting) return {};
  if (setting.kind === 'off') {
    if (server === 'deepseek') return { thinking: { type: 'disabled' } };
    if (server === 'openrouter') return { reasoning: { enabled: false } };
    if (server === 'ollama') return { reasoning_effort: 'none' };
    return {}; // OpenAI's reasoning models cannot stop reasoning; other servers have no switch in common
  }
  if (server === 'openrouter') return { reasoning: setting.kind === 'budget' ? { max_tokens: setting.tokens } : { effort: setting.effort } };
  if (server === 'deepseek') return { thinking: { type: 'enabled' }, reasoning_effort: effortOf(setting) };
  return { reasoning_effort: effortOf(setting) };
}

/** The reasoning fields of one chat-completions delta (not in the SDK's types). */
interface ReasoningDelta {
  reasoning_content?: unknown;
  reasoning?: unknown;
  reasoning_details?: unknown;
}

type Detail = Record<string, unknown> & { index?: number; type?: string };

/** Collects a turn's streamed reasoning: the text to show, and what may need to go back. */
export class ChatReasoningCollector {
  private content = '';
  private plain = '';
  private readonly details: Detail[] = [];

  /** Takes a delta; returns the reasoning text it adds for display ('' when none). */
  push(delta: unknown): string {
    const d = (delta ?? {}) as ReasoningDelta;
    let shown = '';
    if (typeof d.reasoning_content === 'string' && d.reasoning_content) {
      this.content += d.reasoning_content;
      shown += d.reasoning_content;
    }
    const details = Array.isArray(d.reasoning_details) ? (d.reasoning_details as Detail[]) : [];
    if (typeof d.reasoning === 'string' && d.reasoning) {
      this.plain += d.reasoning;
      shown += d.reasoning;
    } else {
      // OpenRouter without the plain field: show the text and summary parts of the details.
      for (const x of details) {
        const t = typeof x.text === 'string' ? x.text : typeof x.summary === 'string' ? x.summary : '';
        shown += t;
      }
    }
    for (const x of details) this.mergeDetail(x);
    return shown;
  }

  /** Streamed details are pieces of blocks, by index: text and data concatenated, the rest kept. */
  private mergeDetail(x: Detail): void {
    const index = typeof x.index === 'number' ? x.index : this.details.length;
    const have = this.details.find((d) => d.index === index);
    if (!have) {
      this.details.push({ ...x, index });
      return;
    }
    for (const [k, v] of Object.entries(x)) {
      if ((k === 'text' || k === 'summary' || k === 'data' || k === 'signature') && typeof v === 'string') have[k] = `${typeof have[k] === 'string' ? (have[k] as string) : ''}${v}`;
      else if (v !== undefined && v !== null) have[k] = v;
    }
  }

  /** The turn's reasoning as carried on the assistant message (undefined when there was none). */
  carried(model: string): CarriedReasoning | undefined {
    if (!this.content && !this.plain && !this.details.length) return undefined;
    return {
      api: 'openai-chat',
      model,
      items: [
        {
          ...(this.content ? { reasoning_content: this.content } : {}),
          ...(this.plain ? { reasoning: this.plain } : {}),
          ...(this.details.length ? { reasoning_details: this.details } : {}),
        },
      ],
    };
  }
}

/** The fields an assistant message goes back with, for this server. */
export function carriedChatFields(server: ChatServer, m: Extract<ChatMessage, { role: 'assistant' }>): Record<string, unknown> {
  if (m.reasoning?.api !== 'openai-chat') return {};
  const item = (m.reasoning.items[0] ?? {}) as ReasoningDelta;
  if (server === 'deepseek' && m.toolCalls?.length && typeof item.reasoning_content === 'string') return { reasoning_content: item.reasoning_content };
  if (server === 'openrouter' && Array.isArray(item.reasoning_details)) {
    // Only detail objects (read back from a session file: nothing else goes into the request).
    const details = item.reasoning_details.filter((d): d is Record<string, unknown> => !!d && typeof d === 'object' && !Array.isArray(d) && typeof (d as { type?: unknown }).type === 'string');
    return details.length ? { reasoning_details: details } : {};
  }
  return {};
}
