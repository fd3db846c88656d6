import type { ChatMessage, LlmProvider } from '../llm/llm-types';

function messageChars(m: ChatMessage): number {
  let chars = m.content.length + 8;
  if (m.role === 'assistant') for (const c of m.toolCalls ?? []) chars += c.name.length + c.arguments.length + 16;
  return chars;
}

function messageImages(m: ChatMessage): number {
  return (m.role === 'tool' || m.role === 'user') && m.images ? m.images.length : 0;
}

/** Rough token estimate (≈4 characters a token; images count as a fixed amount). */
export function estimateTokens(messages: ChatMessage[], system = ''): number {
  let chars = system.length;
  let images = 0;
  for (const m of messages) {
    chars += messageChars(m);
    images += messageImages(m);
  }
  return Math.ceil(chars / 4) + images * 800;
}

/** Result of one compaction. */
export interface CompactionResult {
  messages: ChatMessage[];
  before: number;
  after: number;
  /** What was done: clipping old tool outputs, and whether the model summarised. */
  clipped: number;
  summarised: boolean;
}

/** When to compact and how to summarise. */
export interface CompactorOptions {
  /** Compaction starts when the estimate passes this many tokens. */
  budgetTokens: number;
  /** Messages at the end kept as they are. */
  keepRecent?: number;
  /** Asks the model for a summary; absent = only clipping. */
  summarise?: (messages: ChatMessage[], signal?: AbortSignal) => Promise<string>;
}

const CLIPPED_TOOL_OUTPUT = (n: number): string => `[old tool output clipped by compaction: ${n} characters]`;

/** Index where the kept tail may start: never in the middle of tool results (they must follow their call). */
function safeTailStart(messages: ChatMessage[], wanted: number): number {
  let i = Math.max(0, Math.min(wanted, messages.length));
  while (i > 0 && messages[i]?.role === 'tool') i--;
  return i;
}

/**
 * Keeps the conversation under a budget: first clips old tool outputs (they are the bulk and the
 * least needed later), then, if still over, asks the model to summarise everything but the recent
 * tail and replaces it with that summary. Tool calls and their results always stay paired.
 */
export class ContextCompactor {
  constructor(private readonly opts: CompactorOptions) {}

  get budgetTokens(): number {
    return this.opts.budgetTokens;
  }

  // The check runs before every model request; the conversation only grows between
  // compactions, so sum the new messages onto the last total instead of walking it all.
  private memo: { messages: ChatMessage[]; length: number; chars: number; images: number } | null = null;

  needsCompaction(messages: ChatMessage[], system = ''): boolean {
    let m = this.memo;
    if (!m || m.messages !== messages || m.length > messages.length) m = this.memo = { messages, length: 0, chars: 0, images: 0 };
    for (; m.length < messages.length; m.length++) {
      m.chars += messageChars(messages[m.length]);
      m.images += messageImages(messages[m.length]);
    }
    return Math.ceil((m.chars + system.length) / 4) + m.images * 800 > this.opts.budgetTokens;
  }

  /**
   * Clips old tool outputs, then summarises the older turns if still over budget — or whatever
   * the estimate says when `force` (the server said the prompt is too long: the estimate was wrong).
   */
  async compact(messages: ChatMessage[], system = '', signal?: AbortSignal, force = false): Promise<CompactionResult> {
    const before = estimateTokens(messages, system);
    const keepRecent = this.opts.keepRecent ?? 6;
    const tailStart = safeTailStart(messages, messages.length - keepRecent);
    let clipped = 0;
    let out: ChatMessage[] = messages.map((m, i) => {
      if (i >= tailStart || m.role !== 'tool' || m.content.length <= 200) return m;
      clipped++;
      return { ...m, content: CLIPPED_TOOL_OUTPUT(m.content.length), images: undefined };
    });
    let summarised = false;
    if ((force || estimateTokens(out, system) > this.opts.budgetTokens) && this.opts.summarise && tailStart > 0) {
      const head = out.slice(0, tailStart);
      const summary = await this.opts.summarise(head, signal);
      out = [{ role: 'user', content: `Summary of the conversation so far (older messages were compacted):\n${summary}` }, ...out.slice(tailStart)];
      // Anthropic needs a user turn first and alternation; the summary is a user turn, and the
      // tail starts at a user or assistant message (safeTailStart), which providers merge.
      summarised = true;
    }
    return { messages: out, before, after: estimateTokens(out, system), clipped, summarised };
  }
}

/** A summariser that asks the same model, without tools. */
export function modelSummariser(provider: LlmProvider): (messages: ChatMessage[], signal?: AbortSignal) => Promise<string> {
  return async (messages, signal) => {
    const transcript = messages
      .map((m) => {
        if (m.role === 'assistant') {
          const calls = (m.toolCalls ?? []).map((c) => `${c.name}(${c.arguments.slice(0, 300)})`).join('; ');
          return `assistant: ${m.content}${calls ? ` [calls: ${calls}]` : ''}`;
        }
        if (m.role === 'tool') return `tool ${m.toolName}: ${m.content.slice(0, 1000)}`;
        return `${m.role}: ${m.content}`;
      })
      .join('\n');
    const turn = await provider.complete({
      system: 'You summarise conversations between a user and a tool-using assistant so the assistant can continue the task.',
      messages: [
        {
          role: 'user',
          content:
            'Summarise this conversation: the task, what was done (files changed, commands run, results), ' +
            'what is left, and any facts needed to continue. Be concise.\n\n' + transcript,
        },
      ],
      tools: [],
      signal,
    });
    return turn.text.trim() || '(no summary)';
  };
}
