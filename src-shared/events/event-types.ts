/**
 * The event taxonomy: every event a session records and pushes. Pure types: core, the bridge
 * and the renderer import them alike.
 * Every event carries `seq` (1, 2, … per session), `ts` (ms since epoch), `session`, `type`.
 */
import type { ContextMeter } from './context-meter';
import type { ModelUsage, UsageTotals } from './model-usage';
import type { ToolResultRecord } from './tool-result';
import type { McpTaskState } from './mcp-task';
import type { ForkStartFields, PresetAnswerKind } from '../contract/fork-views';

/** Who started a tool call that the model did not: the user's own click, or an MCP App's view. */
export type CallOrigin = 'user' | 'app';

export type ToolSource = 'builtin' | `mcp:${string}` | `extension:${string}`;

export interface ToolCallRecord {
  id: string;
  name: string;
  /** Raw JSON text of the arguments, as the model sent it. */
  arguments: string;
}

/**
 * The model's reasoning from one assistant turn, kept so it can be sent back exactly as the
 * provider requires (Anthropic thinking blocks with their signatures, OpenAI Responses reasoning
 * items with their encrypted content, an OpenAI-compatible server's reasoning fields). Opaque
 * outside the provider that made it: only a request in the same wire format (`api`) gets it back.
 */
export interface CarriedReasoning {
  /** The wire format the items belong to. */
  api: 'anthropic' | 'openai-responses' | 'openai-chat';
  /** The model that produced them (encrypted reasoning is only valid for the same model). */
  model: string;
  /** The provider's own blocks or items, as received. */
  items: unknown[];
}

export interface EventBase {
  seq: number;
  ts: number;
  session: string;
}

export interface EventPayloads {
  /**
   * A fork's run also carries its parent, the seq forked at and what was changed (fork-views.ts).
   * `traceparent` / `tracestate`: the W3C trace context the run continued (`glassbox run` with
   * `TRACEPARENT`), so the session's trace is known later (window, `sessions export --otlp`).
   */
  agent_start: { task: string; workspace?: string; traceparent?: string; tracestate?: string; retry?: boolean } & Partial<ForkStartFields>;
  /** `usage`: the run's model turns added up (absent in sessions recorded before it existed). */
  agent_end: { reason: 'finished' | 'max_steps' | 'cancelled' | 'error' | 'budget'; error?: string; usage?: UsageTotals };
  turn_start: { step: number };
  turn_end: { step: number };
  message_start: { messageId: string; role: 'user' | 'assistant' | 'system' | 'tool' };
  message_update: { messageId: string; role: 'user' | 'assistant' | 'system' | 'tool'; delta: string };
  /** The model's reasoning text of assistant message `messageId` as it streams (before or between its answer text). */
  thinking_update: { messageId: string; delta: string };
  message_end: {
    messageId: string;
    role: 'user' | 'assistant' | 'system' | 'tool';
    content: string;
    toolCalls?: ToolCallRecord[];
    /** For role `tool`: the call this message answers, so a session can be rebuilt from its file. */
    toolCallId?: string;
    toolName?: string;
    isError?: boolean;
    /**
     * For role `assistant`: the model's reasoning shown to the user, the whole of what
     * `thinking_update` streamed; a block the provider redacted reads `[redacted]`.
     */
    thinking?: string;
    /** For role `assistant`: the reasoning to send back on the next request (provider-opaque). */
    reasoning?: CarriedReasoning;
    /** For role `user`: typed while the run worked, queued, and sent before this model request. */
    queued?: boolean;
  };
  /**
   * The messages typed while a run works and waiting for its next model request (oldest first;
   * empty once they went in or were removed), and whether *Stop after this step* was asked.
   */
  steer_queue: { queued: Array<{ id: string; text: string }>; stopAfterStep: boolean };
  /**
   * Spend so far, after each model turn and when a run starts: this session's known cost and
   * its turns without a price (unknown, never counted as zero), today's across every session
   * (when a daily limit is set) and the limits in force (`warnAt`: the warning share).
   */
  spend_status: {
    sessionUsd: number;
    unpricedTurns: number;
    dayUsd?: number;
    limits: { sessionUsd?: number; dailyUsd?: number; warnAt: number };
  };
  /**
   * `origin: 'user'`: the user ran this call from the window (undo, revert, replay, a tool called
   * by hand), not the model; it ran through hooks and the sandbox but asked no approval.
   * `origin: 'app'`: an MCP App's view called it (`viewOf`: the call whose card holds that view);
   * it ran through validation, hooks and the approval policy like the model's calls.
   */
  /**
   * `answered`: the call did not run — a fork copied its result from the parent, gave the edited
   * one, or answered it from the parent's recording (`recordedFrom`: the parent's call id).
   */
  tool_execution_start: { callId: string; tool: string; args: unknown; source: ToolSource; replayOf?: string; origin?: CallOrigin; viewOf?: string; answered?: PresetAnswerKind; recordedFrom?: string };
  /** `kind: 'task'`: the call runs as an MCP task and `task` is its state now (on each change). */
  tool_execution_update: { callId: string; kind: 'progress' | 'log' | 'task'; progress?: number; total?: number; message?: string; level?: string; task?: McpTaskState };
  tool_execution_end: {
    callId: string;
    tool: string;
    result: ToolResultRecord;
    /** The tool's own run time (ms): from the call's start to its end, without the approval wait. */
    durationMs: number;
    /** How long the call waited for the user's approval (ms); only when one was asked. Older files lack it (their durationMs includes the wait). */
    waitMs?: number;
    blocked?: boolean;
    replayOf?: string;
    origin?: CallOrigin;
    viewOf?: string;
    answered?: PresetAnswerKind;
    recordedFrom?: string;
  };
  /**
   * The workspace's files were saved as a checkpoint (in the shadow repository, outside the
   * user's git): after a turn that changed files (`afterSeq`: that turn's agent_end), before a
   * turn when files changed between turns, or around a restore. `changed`: files since the last.
   */
  checkpoint: { id: string; kind: 'turn' | 'before-turn' | 'step' | 'restore' | 'before-restore'; label: string; changed: number; afterSeq?: number };
  /**
   * The conversation went back to what it was right after event `toSeq` (a checkpoint's turn, or
   * just before an earlier `conversation_restored` to undo it). Later messages stay in the file,
   * rewound: the next model request holds only what was there at `toSeq`.
   */
  conversation_restored: { toSeq: number; checkpointId?: string; undoOf?: number };
  /** `escalation`: approving lets this one call run outside the OS sandbox, for these reasons. `dangerous`: the command classifier calls it dangerous. */
  approval_requested: { requestId: string; callId: string; tool: string; args: unknown; reasons?: string[]; escalation?: { reasons: string[] }; dangerous?: boolean };
  approval_resolved: { requestId: string; callId: string; decision: 'allow' | 'deny'; by: string };
  human_input_requested: { requestId: string; question: string; kind?: 'text' | 'elicitation'; server?: string; schema?: unknown };
  human_input_resolved: { requestId: string; answer: string | null; action?: 'accept' | 'decline' | 'cancel' };
  compaction_start: { before: number };
  compaction_end: { before: number; after: number };
  /** `needs-sign-in`: the server answered 401; it connects after an OAuth sign-in. `protocolVersion`: the revision in use once connected. */
  mcp_server_status: { server: string; status: 'connecting' | 'connected' | 'error' | 'disconnected' | 'needs-sign-in'; error?: string; protocolVersion?: string };
  mcp_tools_changed: { server: string; added: string[]; removed: string[] };
  /** Model request/response per turn, for the inspector (secrets never included). */
  /** `context`: what the request holds, by part (the context meter). */
  model_request: { step: number; request: unknown; context?: ContextMeter };
  /** `usage` of this turn (tokens, cost, timing); `model` the model that answered. Older sessions may lack both or carry only the token counts. */
  model_response: { step: number; response: unknown; model?: string; usage?: ModelUsage; wire?: RecordedWire };
  /**
   * A model request failed and will be tried again: `attempt` of `maxRetries` retries, after
   * `delayMs` (the window counts it down). `error`: the status and the server's own text.
   */
  model_retry: { step: number; attempt: number; maxRetries: number; delayMs: number; status?: number; error: string };
  /**
   * A model request failed for good (retries spent, or not worth retrying): the endpoint, the
   * status, the server's own error text, and the request sent with the response body received
   * (`wire`, recorded like a successful turn's; headers never).
   */
  /** The session's model was switched (the window's picker); later runs and a resumed session use it. No key. */
  model_changed: { model: string; provider: string };
  model_error: { step: number; endpoint: string; status?: number; message: string; attempts: number; wire?: RecordedWire };
  /** Raw MCP JSON-RPC traffic for one call, for the inspector. */
  mcp_traffic: { callId: string; server: string; request: unknown; response: unknown; protocolVersion?: string };
  /**
   * A server asked the client something (2025 server→client request or 2026 input round):
   * elicitation, sampling or roots, grouped under the tool call it belongs to (`callId`).
   * Sampling records the model's answer, its usage and cost (USD, null when unknown).
   */
  mcp_server_request: {
    server: string;
    callId?: string;
    method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
    outcome: string;
    params?: unknown;
    result?: unknown;
    usage?: { inputTokens?: number; outputTokens?: number };
    costUsd?: number | null;
    error?: string;
  };
  /** A resource the session subscribed to changed on its server. */
  mcp_resource_updated: { server: string; uri: string };
  /** Free-form log line (warnings, extension failures). */
  log: { level: 'debug' | 'info' | 'warn' | 'error'; source: string; message: string };
}

/**
 * The exact request body and streamed response chunks of a model turn. To keep session files
 * linear, `request.messages` holds only the messages that earlier turns did not record
 * (`messagesOmitted` of them came before: the full list is the concatenation since the last
 * turn with `messagesOmitted: 0`). Headers (which carry the key) are never recorded.
 */
export interface RecordedWire {
  request: Record<string, unknown>;
  response: unknown[];
  truncated?: boolean;
  messagesOmitted?: number;
}

export type EventType = keyof EventPayloads;

export type GlassboxEventOf<T extends EventType> = EventBase & { type: T } & EventPayloads[T];

/** Any event. */
export type GlassboxEvent = { [T in EventType]: GlassboxEventOf<T> }[EventType];

/** An event before the bus stamps seq/ts/session on it. */
export type EventInput = { [T in EventType]: { type: T } & EventPayloads[T] }[EventType];

/** Every event type, for validation and subscribers to '*'. */
export const EVENT_TYPES: readonly EventType[] = [
  'agent_start', 'agent_end', 'turn_start', 'turn_end', 'message_start', 'message_update', 'thinking_update', 'message_end',
  'tool_execution_start', 'tool_execution_update', 'tool_execution_end', 'approval_requested',
  'approval_resolved', 'human_input_requested', 'human_input_resolved', 'compaction_start',
  'compaction_end', 'mcp_server_status', 'mcp_tools_changed', 'model_request', 'model_response',
  'model_retry', 'model_error', 'model_changed', 'mcp_traffic', 'mcp_server_request', 'mcp_resource_updated', 'checkpoint', 'conversation_restored', 'log',
  'steer_queue', 'spend_status',
];
