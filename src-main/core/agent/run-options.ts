import type { EventBus } from '../events/event-bus';
import type { ToolCallRecord, ToolSource } from '../../../src-shared/events/event-types';
import type { ForkStartFields, PresetAnswerKind } from '../../../src-shared/contract/fork-views';
import type { ModelUsage, UsageTotals } from '../../../src-shared/events/model-usage';
import type { LlmProvider } from '../llm/llm-types';
import type { PriceTable } from '../llm/prices';
import type { ToolResult } from '../../../src-shared/events/tool-result';
import type { ToolRunner } from '../tools/tool-runner';
import type { ContextCompactor } from './context-compactor';
import type { SecretRedactor } from '../secrets/redactor';
import type { ExposurePlan } from './tool-exposure';

/** Default step limit of one run. */
export const DEFAULT_MAX_STEPS = 30;

/** Why a run ended (`agent_end.reason`, docs/agent.md). */
export type AgentEndReason = 'finished' | 'max_steps' | 'cancelled' | 'error' | 'budget';

/** What is about to be sent, for a check before each model request (the spend limits). */
export interface RequestPreview {
  step: number;
  model: string;
  /** The request's input, estimated from its characters (4 a token). */
  inputTokens: number;
  signal: AbortSignal;
}

/** The answer of that check: go on, or end the run with `budget` and this reason. */
export type RequestVerdict = { go: true } | { go: false; reason: string };

/**
 * Steering while a run works: messages the user typed meanwhile go in before the next model
 * request; *Stop after this step* ends the run once the step's tools are done.
 */
export interface SteeringPort {
  /** Removes and returns the queued messages (oldest first); they go in as user messages now. */
  take(): string[];
  /** True once *Stop after this step* was asked for this run. */
  stopRequested(): boolean;
}

/** What one run produced. */
export interface AgentRunResult {
  reason: AgentEndReason;
  /** The final answer: the last assistant text (or the terminate result when there was none). */
  finalText: string;
  steps: number;
  error?: string;
  /** Tokens and cost of this run's model turns. */
  usage: UsageTotals;
  /** The status the model gave `terminate` (`success` | `failure`), when it ended that way. */
  terminateStatus?: string;
}

/** What the loop works with; the session builds these. */
export interface ToolCallAgentOptions {
  /** The model; a function is called once per run so a config error surfaces at send time. */
  provider: LlmProvider | (() => LlmProvider);
  runner: ToolRunner;
  bus: EventBus;
  /** Recorded in agent_start so replay can run where the session ran. */
  workspace?: string;
  /** The system prompt (already built; see buildSystemPrompt). */
  systemPrompt: string;
  /** Extra system text per request, e.g. MCP servers' instructions. */
  systemMessages?: () => string[];
  maxSteps?: number;
  maxObservationChars?: number;
  compactor?: ContextCompactor;
  /** Config `prices` over the built-in price table, for each turn's cost. */
  prices?: PriceTable;
  /** Config `agent.contextWindowTokens`: the model's window when the built-in table does not know it. */
  contextWindowTokens?: number;
  /**
   * The session's secrets: streamed `message_update` deltas are redacted as they arrive, so a key
   * split across two deltas never shows (whole-line redaction downstream cannot see it).
   */
  redactor?: SecretRedactor;
  /**
   * Tools still joining (MCP servers starting in the background): a pending promise, awaited
   * after the task is shown and before the first request, so the model sees every tool; a
   * cancel stops the wait. Null or undefined when there is nothing to wait for.
   */
  toolsPending?: () => Promise<void> | null | undefined;
  /**
   * Awaited after each step that ran a tool which is not read-only, before the next step starts
   * (the session's per-step checkpoint, which a fork restores files from).
   */
  afterStep?: (step: number) => Promise<void>;
  /**
   * Which tools each request carries with schemas and which it only names (deferred, loaded via
   * `tool_search`; tool-exposure.ts). Absent: every tool with its schema.
   */
  exposure?: {
    plan(windowTokens: number | null): ExposurePlan;
    isDeferred(name: string): boolean;
    load(names: readonly string[]): unknown;
  };
  /** Asked before each model request (spend limits, core/limits): a `go: false` ends the run with `budget`. */
  beforeRequest?: (preview: RequestPreview) => Promise<RequestVerdict>;
  /** Called right after `agent_start` and after each `model_response` is emitted (the spend meter's status follows them in the file). */
  afterRunStart?: () => void;
  afterResponse?: (usage: ModelUsage) => void;
  /** Messages queued while the run works, and *Stop after this step*. */
  steering?: SteeringPort;
}

/** A tool call answered without running it (a fork: copied from the parent, edited, or from its recording). */
export interface PresetAnswer {
  result: ToolResult;
  how: PresetAnswerKind;
  /** The parent's call id, for `recorded`. */
  from?: string;
  /** The source the parent recorded for the call (when the tool is not here now). */
  source?: ToolSource;
}

/** Options of one run (`run`). */
export interface AgentRunOptions {
  maxSteps?: number;
  /** A fork's fields on `agent_start` (parent, forkedAt, changed …). */
  fork?: ForkStartFields;
  /** The trace context the run continues (`TRACEPARENT`), recorded on `agent_start`. */
  trace?: { traceparent: string; tracestate?: string };
  /** Continue the conversation as it is: no user message is added (a fork at a model turn, a call or a result). */
  continues?: boolean;
  /** The window's *Retry* of a failed run: the conversation as it was, sent again (with `continues`); recorded on `agent_start`. */
  retry?: boolean;
  /**
   * The first step's model turn, given instead of asking the model (a fork at a tool call or a
   * result: the parent's turn, its arguments edited or not), with the calls already answered.
   */
  head?: { text: string; toolCalls: ToolCallRecord[]; answered: ReadonlyMap<string, PresetAnswer> };
  /** Answers a later call without running it (a recorded fork: from the parent, where tool and arguments match); null runs it. */
  answer?: (call: ToolCallRecord) => PresetAnswer | null;
}
