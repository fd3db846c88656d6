import type { TraceCarrier } from './trace-carrier';

/** What is known about an MCP server at call time (live sessions ask the connection). */
export interface McpServerFacts {
  protocolVersion?: string;
  /** The Streamable HTTP session id (`Mcp-Session-Id`). */
  sessionId?: string;
  /** `pipe` for stdio, `tcp` for HTTP and SSE. */
  transport?: 'pipe' | 'tcp';
  url?: string;
}

/** Token usage of a model turn, as the `chat` span carries it. */
export interface ChatUsage {
  inputTokens: number;
  outputTokens: number;
  ttftMs: number;
  cachedInputTokens?: number;
  reasoningTokens?: number;
  costUsd?: number;
}

/**
 * A session event as the span translator needs it (EventSpans): only the fields spans are made
 * of, content (`task`, `input`, `args`, …) already as the JSON text of its attribute and present
 * only with content capture. The agent's thread projects its events into these (EventProjector)
 * and the export side, in the worker, makes the spans. Span ids the agent's thread needs for
 * carriers (runs, tool calls, served requests) are drawn there and travel with the event.
 */
export type SpanEvent =
  | { op: 'run_start'; ts: number; traceId: string; spanId: string; continues?: TraceCarrier; task?: string }
  | { op: 'run_end'; ts: number; reason: string; usage?: { inputTokens: number; outputTokens: number; costUsd: number; cachedInputTokens?: number }; error?: string }
  | { op: 'chat_start'; ts: number; model: string; provider?: string; endpoint?: string; input?: string }
  | { op: 'chat_retry'; ts: number; attempt: number; maxRetries: number; delayMs: number; status?: number }
  | { op: 'chat_end'; ts: number; model?: string; finishReason?: string; usage?: ChatUsage; output?: string }
  | { op: 'chat_error'; ts: number; status?: number; message?: string }
  | { op: 'turn_end'; ts: number }
  | { op: 'tool_start'; ts: number; callId: string; tool: string; source: string; traceId?: string; spanId: string; remote?: TraceCarrier; mcp?: McpServerFacts; args?: string }
  | { op: 'tool_traffic'; callId: string; requestId?: string; protocolVersion?: string }
  | { op: 'tool_end'; ts: number; callId: string; blocked: boolean; failed: boolean; text?: string }
  | { op: 'approval_start'; ts: number; requestId: string; callId: string; tool: string; escalation: boolean; args?: string }
  | { op: 'approval_end'; ts: number; requestId: string; decision: string; by: string }
  | { op: 'wait_start'; ts: number; requestId: string; kind: string; server?: string; question?: string }
  | { op: 'wait_end'; ts: number; requestId: string; action: string; answer?: string }
  | { op: 'compaction'; ts: number; before: number; after: number }
  | { op: 'mcp_status'; server: string; protocolVersion: string }
  | { op: 'served_start'; ts: number; id: number; method: 'resources/read' | 'prompts/get'; target: string; traceId: string; spanId: string; parent?: TraceCarrier }
  | { op: 'served_end'; ts: number; id: number; errorType?: string; message?: string };

/**
 * A batch of span events as it crosses to the export side (SpanEventWriter writes it,
 * readSpanEvents reads it): each event its op code (OP) then its fields in a fixed order, in
 * `nums` — numbers, booleans as 0/1, absent numbers as NaN, span ids as two 32-bit halves, and
 * strings or objects as their index in `refs` (-1: absent). A Float64Array is transferred to the
 * worker, not copied; only `refs` (the batch's distinct repeated strings, the call ids, content
 * when captured) is structured-cloned.
 */
export interface SpanEventWire {
  nums: Float64Array<ArrayBuffer>;
  /** Slots of `nums` used. */
  length: number;
  refs: unknown[];
}

/** Op codes of the wire. */
export const OP = {
  runStart: 0, runEnd: 1, chatStart: 2, chatRetry: 3, chatEnd: 4, chatError: 5, turnEnd: 6, toolStart: 7, toolTraffic: 8, toolEnd: 9,
  approvalStart: 10, approvalEnd: 11, waitStart: 12, waitEnd: 13, compaction: 14, mcpStatus: 15, servedStart: 16, servedEnd: 17,
} as const;

/** The longest attribute value (content is cut there, before it leaves the agent's thread; backends refuse larger ones). */
export const ATTRIBUTE_VALUE_LIMIT = 64 * 1024;

/** Hex digits of a 32-bit half of an id. */
function hex8(x: number): string {
  return (x >>> 0).toString(16).padStart(8, '0');
}

/** The 16 hex digits of a span id from its two 32-bit halves. */
export function spanIdHex(hi: number, lo: number): string {
  return hex8(hi) + hex8(lo);
}

const carrier = (v: unknown): TraceCarrier | undefined => (v && typeof v === 'object' && typeof (v as TraceCarrier).traceparent === 'string' ? (v as TraceCarrier) : undefined);

/** Copies the defined fields of `extra` onto `base` (the wire's optional fields). */
function withDefined<T extends object>(base: T, extra: Record<string, unknown>): T {
  for (const k in extra) if (extra[k] !== undefined) (base as Record<string, unknown>)[k] = extra[k];
  return base;
}

/** The events of a batch. Throws on a batch that is not one (a programming error). */
export function readSpanEvents(wire: SpanEventWire): SpanEvent[] {
  const out: SpanEvent[] = [];
  const { nums, refs, length } = wire;
  let i = 0;
  const next = (): number => nums[i++]!;
  const ts = next;
  const opt = (): number | undefined => {
    const v = next();
    return Number.isNaN(v) ? undefined : v;
  };
  const bool = (): boolean => next() === 1;
  const ref = (): unknown => {
    const at = next();
    return at < 0 ? undefined : refs[at];
  };
  const str = (): string | undefined => {
    const v = ref();
    return typeof v === 'string' ? v : undefined;
  };
  const text = (): string => String(ref());
  const id = (): string => spanIdHex(next(), next());
  while (i < length) {
    const op = next();
    switch (op) {
      case OP.runStart:
        out.push(withDefined({ op: 'run_start', ts: ts(), traceId: text(), spanId: id() }, { continues: carrier(ref()), task: str() }));
        break;
      case OP.runEnd: {
        const e = { op: 'run_end', ts: ts(), reason: text() } as Extract<SpanEvent, { op: 'run_end' }>;
        const [input, output, cost, cached] = [opt(), next(), next(), opt()];
        if (input !== undefined) e.usage = withDefined({ inputTokens: input, outputTokens: output, costUsd: cost }, { cachedInputTokens: cached });
        out.push(withDefined(e, { error: str() }));
        break;
      }
      case OP.chatStart:
        out.push(withDefined({ op: 'chat_start', ts: ts(), model: text() }, { provider: str(), endpoint: str(), input: str() }));
        break;
      case OP.chatRetry:
        out.push(withDefined({ op: 'chat_retry', ts: ts(), attempt: next(), maxRetries: next(), delayMs: next() }, { status: opt() }));
        break;
      case OP.chatEnd: {
        const e = withDefined({ op: 'chat_end', ts: ts() } as Extract<SpanEvent, { op: 'chat_end' }>, { model: str(), finishReason: str() });
        const [input, output, ttft, cached, reasoning, cost] = [opt(), next(), next(), opt(), opt(), opt()];
        if (input !== undefined) e.usage = withDefined({ inputTokens: input, outputTokens: output, ttftMs: ttft }, { cachedInputTokens: cached, reasoningTokens: reasoning, costUsd: cost });
        out.push(withDefined(e, { output: str() }));
        break;
      }
      case OP.chatError:
        out.push(withDefined({ op: 'chat_error', ts: ts() }, { status: opt(), message: str() }));
        break;
      case OP.turnEnd:
        out.push({ op: 'turn_end', ts: ts() });
        break;
      case OP.toolStart:
        out.push(
          withDefined(
            { op: 'tool_start', ts: ts(), callId: text(), tool: text(), source: text() } as Extract<SpanEvent, { op: 'tool_start' }>,
            { traceId: str(), spanId: id(), remote: carrier(ref()), mcp: (ref() as McpServerFacts | undefined) ?? undefined, args: str() },
          ),
        );
        break;
      case OP.toolTraffic:
        out.push(withDefined({ op: 'tool_traffic', callId: text() }, { requestId: str(), protocolVersion: str() }));
        break;
      case OP.toolEnd:
        out.push(withDefined({ op: 'tool_end', ts: ts(), callId: text(), blocked: bool(), failed: bool() }, { text: str() }));
        break;
      case OP.approvalStart:
        out.push(withDefined({ op: 'approval_start', ts: ts(), requestId: text(), callId: text(), tool: text(), escalation: bool() }, { args: str() }));
        break;
      case OP.approvalEnd:
        out.push({ op: 'approval_end', ts: ts(), requestId: text(), decision: text(), by: text() });
        break;
      case OP.waitStart:
        out.push(withDefined({ op: 'wait_start', ts: ts(), requestId: text(), kind: text() }, { server: str(), question: str() }));
        break;
      case OP.waitEnd:
        out.push(withDefined({ op: 'wait_end', ts: ts(), requestId: text(), action: text() }, { answer: str() }));
        break;
      case OP.compaction:
        out.push({ op: 'compaction', ts: ts(), before: next(), after: next() });
        break;
      case OP.mcpStatus:
        out.push({ op: 'mcp_status', server: text(), protocolVersion: text() });
        break;
      case OP.servedStart: {
        const e = { op: 'served_start', ts: ts(), id: next(), method: text() === 'prompts/get' ? 'prompts/get' : 'resources/read', target: text(), traceId: text(), spanId: id() } as const;
        out.push(withDefined({ ...e }, { parent: carrier(ref()) }));
        break;
      }
      case OP.servedEnd:
        out.push(withDefined({ op: 'served_end', ts: ts(), id: next() }, { errorType: str(), message: str() }));
        break;
      default:
        throw new Error(`not a span event at ${i - 1}: ${String(op)}`);
    }
  }
  return out;
}
