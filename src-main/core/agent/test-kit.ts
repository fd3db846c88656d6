import { EventBus } from '../events/event-bus';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { ToolHooks } from '../tools/tool-hooks';
import type { LlmProvider, LlmRequest, LlmStreamHandlers, LlmTurn } from '../llm/llm-types';
import type { Tool } from '../tools/tool';
import { ToolCollection } from '../tools/tool-collection';
import { ToolRunner } from '../tools/tool-runner';

/**
 * An in-process model for unit tests and the benchmark: answers each request with the next
 * scripted turn (or a function of the request) and keeps every request it got.
 */
export class InProcessScriptedModel implements LlmProvider {
  readonly provider = 'scripted';
  readonly model = 'scripted';
  readonly endpoint = 'in-process';
  readonly requests: LlmRequest[] = [];
  private i = 0;

  constructor(
    private readonly turns: Array<Partial<LlmTurn> | ((req: LlmRequest) => Partial<LlmTurn>)>,
    /** Keep every request (tests); the benchmark turns it off. */
    private readonly record = true,
  ) {}

  async complete(req: LlmRequest, handlers: LlmStreamHandlers = {}): Promise<LlmTurn> {
    // Keep a copy: the agent's message array grows after the call.
    if (this.record) this.requests.push({ ...req, messages: [...req.messages] });
    const t = this.turns[Math.min(this.i++, this.turns.length - 1)];
    const turn = typeof t === 'function' ? t(req) : t;
    if (turn.thinking) handlers.onThinking?.(turn.thinking);
    if (turn.text) handlers.onText?.(turn.text);
    return { text: turn.text ?? '', toolCalls: turn.toolCalls ?? [], usage: turn.usage, ...(turn.thinking ? { thinking: turn.thinking } : {}), ...(turn.reasoning ? { reasoning: turn.reasoning } : {}) };
  }
}

/** A bus, runner and event log around the given tools. */
export function agentRig(tools: Tool[]): { bus: EventBus; runner: ToolRunner; events: GlassboxEvent[]; hooks: ToolHooks } {
  const bus = new EventBus('test-session');
  const events: GlassboxEvent[] = [];
  bus.subscribe('*', (e) => void events.push(e));
  const hooks = new ToolHooks();
  const runner = new ToolRunner({ tools: new ToolCollection(tools), hooks, workspace: '/w', home: '/h', bus });
  return { bus, runner, events, hooks };
}

/** A tool for tests: records calls, optionally waits (honouring abort) and answers. */
export function testTool(
  name: string,
  opts: { readOnly?: boolean; delayMs?: number; output?: (args: Record<string, unknown>) => string; metadata?: Record<string, unknown>; log?: string[] } = {},
): Tool {
  return {
    name,
    description: `test tool ${name}`,
    inputSchema: { type: 'object', properties: { n: { type: 'number' }, text: { type: 'string' } } },
    annotations: opts.readOnly ? { readOnlyHint: true } : {},
    async execute(args, ctx) {
      opts.log?.push(`start ${name} ${JSON.stringify(args)}`);
      if (opts.delayMs) {
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, opts.delayMs);
          ctx.signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
        });
        if (ctx.signal.aborted) {
          opts.log?.push(`aborted ${name}`);
          return { error: 'interrupted' };
        }
      }
      opts.log?.push(`end ${name} ${JSON.stringify(args)}`);
      return { output: opts.output ? opts.output(args) : `${name} ok`, ...(opts.metadata ? { metadata: opts.metadata } : {}) };
    },
  };
}
