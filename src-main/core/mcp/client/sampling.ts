import { ProtocolError, type CreateMessageResult } from '@modelcontextprotocol/client';
import { displayable, samplingText } from './sampling-text';
import type { HumanInputPort } from '../../tools/tool';

/** The server's `sampling/createMessage` params, as far as Glassbox reads them. */
export interface SamplingRequest {
  messages: Array<{ role: 'user' | 'assistant'; content: unknown }>;
  systemPrompt?: string;
  maxTokens?: number;
  tools?: Array<{ name: string; description?: string; inputSchema?: unknown }>;
  [key: string]: unknown;
}

/** What the session's model answered, with what it cost. */
export interface SamplingAnswer {
  result: CreateMessageResult;
  usage?: { inputTokens?: number; outputTokens?: number };
  /** USD, or null when the model's price is unknown. */
  costUsd?: number | null;
}

/** Runs a sampling request on the session's model. */
export type McpSampler = (req: SamplingRequest, signal: AbortSignal) => Promise<SamplingAnswer>;

/** How a sampling round ended, for the record. */
export interface SamplingRecord {
  server: string;
  callId?: string;
  request: SamplingRequest;
  outcome: 'answered' | 'request-denied' | 'answer-denied' | 'no-model' | 'failed';
  answer?: SamplingAnswer;
  error?: string;
}

/** The JSON-RPC error the spec names for a sampling request the user refused. */
export const USER_REJECTED = -1;

function describeRequest(server: string, req: SamplingRequest): string {
  const lines = [`MCP server '${server}' asks to use your model.`];
  if (req.systemPrompt) lines.push(`System prompt: ${req.systemPrompt}`);
  for (const m of req.messages ?? []) lines.push(`${m.role}: ${samplingText(m.content)}`);
  if (req.tools?.length) lines.push(`Tools offered: ${req.tools.map((t) => t.name).join(', ')}`);
  lines.push('Send this to the model?');
  return displayable(lines.join('\n'));
}

/**
 * A server's request for the model: the user sees the request (messages, system prompt,
 * tools) and approves it before it goes to the session's model, then sees the answer and
 * approves it before it goes back. A refusal at either step answers the spec's "user
 * rejected" error; nothing reaches the model or the server unapproved. `record` gets every
 * outcome (the answer and its cost included).
 */
export async function sample(
  req: SamplingRequest,
  scope: { server: string; callId?: string; port?: HumanInputPort; sampler?: McpSampler; signal: AbortSignal; record: (r: SamplingRecord) => void },
): Promise<CreateMessageResult> {
  const base = { server: scope.server, ...(scope.callId ? { callId: scope.callId } : {}), request: req };
  const callId = scope.callId ? { callId: scope.callId } : {};
  if (!scope.sampler || !scope.port) {
    scope.record({ ...base, outcome: 'no-model', error: scope.sampler ? 'nobody can approve the request' : 'no model is configured' });
    throw new ProtocolError(USER_REJECTED, scope.sampler ? 'Sampling needs the user to approve it, and nobody can answer here' : 'This client has no model for sampling');
  }
  const ask = await scope.port
    .ask({ question: describeRequest(scope.server, req), server: scope.server, mcp: { kind: 'sampling', request: req, ...callId } }, scope.signal)
    .catch(() => ({ action: 'cancel' as const }));
  if (ask.action !== 'accept') {
    scope.record({ ...base, outcome: 'request-denied' });
    throw new ProtocolError(USER_REJECTED, 'User rejected sampling request');
  }
  let answer: SamplingAnswer;
  try {
    answer = await scope.sampler(req, scope.signal);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    scope.record({ ...base, outcome: 'failed', error });
    throw new ProtocolError(-32603, `The model failed: ${error}`);
  }
  const shown = await scope.port
    .ask(
      { question: displayable(`The model answered:\n${samplingText(answer.result.content)}\n\nSend this answer to MCP server '${scope.server}'?`), server: scope.server, mcp: { kind: 'sampling-result', request: req, result: answer.result, cost: { usd: answer.costUsd ?? null, ...answer.usage }, ...callId } },
      scope.signal,
    )
    .catch(() => ({ action: 'cancel' as const }));
  if (shown.action !== 'accept') {
    scope.record({ ...base, outcome: 'answer-denied', answer });
    throw new ProtocolError(USER_REJECTED, 'User rejected the sampling answer');
  }
  scope.record({ ...base, outcome: 'answered', answer });
  return answer.result;
}
