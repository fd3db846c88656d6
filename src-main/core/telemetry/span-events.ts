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
 * Span events as they cross to the export side: one flat array per batch, each event its op
 * code (OP) then its fields in a fixed order, absent ones as `undefined` (the order is the
 * format: EventProjector writes it, readSpanEvents reads it). A flat array of primitives is
 * the cheapest thing to structured-clone, on the agent's thread that posts it.
 */
export type SpanEventWire = unknown[];

/** Op codes of the wire. */
export const OP = {
  runStart: 0, runEnd: 1, chatStart: 2, chatRetry: 3, chatEnd: 4, chatError: 5, turnEnd: 6, toolStart: 7, toolTraffic: 8, toolEnd: 9,
  approvalStart: 10, approvalEnd: 11, waitStart: 12, waitEnd: 13, compaction: 14, mcpStatus: 15, servedStart: 16, servedEnd: 17,
} as const;

/** The longest attribute value (content is cut there, before it leaves the agent's thread; backends refuse larger ones). */
export const ATTRIBUTE_VALUE_LIMIT = 64 * 1024;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const carrier = (v: unknown): TraceCarrier | undefined => (v && typeof v === 'object' && typeof (v as TraceCarrier).traceparent === 'string' ? (v as TraceCarrier) : undefined);

/** Copies the defined fields of `extra` onto `base` (the wire's optional fields). */
function withDefined<T extends object>(base: T, extra: Record<string, unknown>): T {
  for (const k in extra) if (extra[k] !== undefined) (base as Record<string, unknown>)[k] = extra[k];
  return base;
}

/** The events of a batch. Throws on a batch that is not one (a programming error). */
export function readSpanEvents(wire: SpanEventWire): SpanEvent[] {
  const out: SpanEvent[] = [];
  let i = 0;
  const next = (): unknown => wire[i++];
  const ts = (): number => next() as number;
  const text = (): string => String(next());
  while (i < wire.length) {
    const op = next();
    switch (op) {
      case OP.runStart:
        out.push(withDefined({ op: 'run_start', ts: ts(), traceId: text(), spanId: text() }, { continues: carrier(next()), task: str(next()) }));
        break;
      case OP.runEnd: {
        const e = { op: 'run_end', ts: ts(), reason: text() } as Extract<SpanEvent, { op: 'run_end' }>;
        const [input, output, cost, cached] = [next(), next(), next(), next()];
        if (typeof input === 'number') e.usage = withDefined({ inputTokens: input, outputTokens: Number(output), costUsd: Number(cost) }, { cachedInputTokens: num(cached) });
        out.push(withDefined(e, { error: str(next()) }));
        break;
      }
      case OP.chatStart:
        out.push(withDefined({ op: 'chat_start', ts: ts(), model: text() }, { provider: str(next()), endpoint: str(next()), input: str(next()) }));
        break;
      case OP.chatRetry:
        out.push(withDefined({ op: 'chat_retry', ts: ts(), attempt: Number(next()), maxRetries: Number(next()), delayMs: Number(next()) }, { status: num(next()) }));
        break;
      case OP.chatEnd: {
        const e = withDefined({ op: 'chat_end', ts: ts() } as Extract<SpanEvent, { op: 'chat_end' }>, { model: str(next()), finishReason: str(next()) });
        const [input, output, ttft, cached, reasoning, cost] = [next(), next(), next(), next(), next(), next()];
        if (typeof input === 'number') e.usage = withDefined({ inputTokens: input, outputTokens: Number(output), ttftMs: Number(ttft) }, { cachedInputTokens: num(cached), reasoningTokens: num(reasoning), costUsd: num(cost) });
        out.push(withDefined(e, { output: str(next()) }));
        break;
      }
      case OP.chatError:
        out.push(withDefined({ op: 'chat_error', ts: ts() }, { status: num(next()), message: str(next()) }));
        break;
      case OP.turnEnd:
        out.push({ op: 'turn_end', ts: ts() });
        break;
      case OP.toolStart:
        out.push(
          withDefined(
            { op: 'tool_start', ts: ts(), callId: text(), tool: text(), source: text() } as Extract<SpanEvent, { op: 'tool_start' }>,
            { traceId: str(next()), spanId: text(), remote: carrier(next()), mcp: (next() as McpServerFacts | undefined) ?? undefined, args: str(next()) },
          ),
        );
        break;
      case OP.toolTraffic:
        out.push(withDefined({ op: 'tool_traffic', callId: text() }, { requestId: str(next()), protocolVersion: str(next()) }));
        break;
      case OP.toolEnd:
        out.push(withDefined({ op: 'tool_end', ts: ts(), callId: text(), blocked: next() === true, failed: next() === true }, { text: str(next()) }));
        break;
      case OP.approvalStart:
        out.push(withDefined({ op: 'approval_start', ts: ts(), requestId: text(), callId: text(), tool: text(), escalation: next() === true }, { args: str(next()) }));
        break;
      case OP.approvalEnd:
        out.push({ op: 'approval_end', ts: ts(), requestId: text(), decision: text(), by: text() });
        break;
      case OP.waitStart:
        out.push(withDefined({ op: 'wait_start', ts: ts(), requestId: text(), kind: text() }, { server: str(next()), question: str(next()) }));
        break;
      case OP.waitEnd:
        out.push(withDefined({ op: 'wait_end', ts: ts(), requestId: text(), action: text() }, { answer: str(next()) }));
        break;
      case OP.compaction:
        out.push({ op: 'compaction', ts: ts(), before: Number(next()), after: Number(next()) });
        break;
      case OP.mcpStatus:
        out.push({ op: 'mcp_status', server: text(), protocolVersion: text() });
        break;
      case OP.servedStart: {
        const e = { op: 'served_start', ts: ts(), id: Number(next()), method: next() === 'prompts/get' ? 'prompts/get' : 'resources/read', target: text(), traceId: text(), spanId: text() } as const;
        out.push(withDefined({ ...e }, { parent: carrier(next()) }));
        break;
      }
      case OP.servedEnd:
        out.push(withDefined({ op: 'served_end', ts: ts(), id: Number(next()) }, { errorType: str(next()), message: str(next()) }));
        break;
      default:
        throw new Error(`not a span event at ${i - 1}: ${String(op)}`);
    }
  }
  return out;
}
