import type { GlassboxConfig } from '../config/config';
import type { EventBus } from '../events/event-bus';
import { ContextCompactor, modelSummariser } from '../agent/context-compactor';
import { buildSystemPrompt } from '../agent/system-prompt';
import { ToolCallAgent } from '../agent/tool-call-agent';
import type { ToolExposure } from '../agent/tool-exposure';
import type { SteerQueue } from '../agent/steer-queue';
import type { SessionCheckpoints } from '../checkpoints/session-checkpoints';
import type { SpendGuard } from '../limits/spend-guard';
import type { LlmProvider } from '../llm/llm-types';
import type { SecretRedactor } from '../secrets/redactor';
import type { ToolRunner } from '../tools/tool-runner';

/** What the session's agent reads from the session that owns it. */
export interface SessionAgentDeps {
  config: GlassboxConfig;
  workspace: string;
  bus: EventBus;
  runner: ToolRunner;
  redactor: SecretRedactor;
  exposure: ToolExposure;
  spend: SpendGuard;
  steering: SteerQueue;
  /** The model in use (built anew when the session's model changes). */
  llm: () => LlmProvider;
  /** A fork's own system prompt, which replaces the configured one. */
  systemPromptOverride: string | undefined;
  /** Extra system text for each request (MCP instructions, skills). */
  systemMessages: () => string[];
  /** Settles when tools still arriving (MCP servers starting, their skill lists) are in. */
  toolsPending: () => Promise<void>;
  /** The session's checkpoints, when on. */
  checkpoints: () => SessionCheckpoints | null;
}

/** The session's think → act loop, wired to its tools, limits, steering and checkpoints. */
export function createSessionAgent(deps: SessionAgentDeps): ToolCallAgent {
  const agentCfg = deps.config.agent ?? {};
  return new ToolCallAgent({
    provider: deps.llm,
    runner: deps.runner,
    bus: deps.bus,
    workspace: deps.workspace,
    systemPrompt: deps.systemPromptOverride ?? buildSystemPrompt({ workspace: deps.workspace }, agentCfg.systemPrompt),
    systemMessages: deps.systemMessages,
    toolsPending: deps.toolsPending,
    exposure: deps.exposure,
    maxSteps: agentCfg.maxSteps,
    prices: deps.config.prices,
    contextWindowTokens: agentCfg.contextWindowTokens,
    compactor: new ContextCompactor({
      budgetTokens: agentCfg.contextBudgetTokens ?? 100_000,
      summarise: (messages, signal) => modelSummariser(deps.llm())(messages, signal),
    }),
    redactor: deps.redactor,
    // A checkpoint after each step that may have written, so a fork from a later step gets the files as they were.
    afterStep: (step) => deps.checkpoints()?.afterStep(step) ?? Promise.resolve(),
    beforeRequest: deps.spend.beforeRequest,
    afterRunStart: () => deps.spend.runStarted(),
    afterResponse: (usage) => deps.spend.responded(usage),
    steering: deps.steering,
  });
}
