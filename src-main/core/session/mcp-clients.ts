import { join } from 'node:path';
import type { GlassboxConfig } from '../config/config';
import type { GlassboxPaths } from '../config/paths';
import type { EventBus } from '../events/event-bus';
import type { LlmProvider } from '../llm/llm-types';
import { McpManager } from '../mcp/client/manager';
import { McpToolCache } from '../mcp/client/tool-cache';
import { llmSampler } from '../mcp/client/sampling-model';
import type { McpSignIn } from '../mcp/client/oauth/sign-in';
import { createMcpSignIn, type HostSignInOptions } from '../mcp/client/oauth/sign-in-options';
import type { SecretRedactor } from '../secrets/redactor';
import type { SessionTelemetry } from '../telemetry/session-telemetry';
import type { HumanInputPort } from '../tools/tool';
import type { ToolCollection } from '../tools/tool-collection';
import { ToolExposure } from '../agent/tool-exposure';

/** What a session's MCP clients are built from. */
export interface McpClientsInput {
  config: GlassboxConfig;
  paths: GlassboxPaths;
  env: NodeJS.ProcessEnv;
  /** The host's sign-in options (may it open a browser, how, where tokens live). */
  signIn?: HostSignInOptions;
  tools: ToolCollection;
  bus: EventBus;
  workspace: string;
  humanInput?: HumanInputPort;
  redactor: SecretRedactor;
  /** The session's model (a server's sampling requests go to it once the user approves). */
  llm: () => LlmProvider;
  telemetry: SessionTelemetry;
}

/** A session's MCP servers (`McpManager`, not started yet) and the OAuth sign-in they use. */
export function createMcpClients(input: McpClientsInput): { signIn: McpSignIn; mcp: McpManager } {
  const { config, paths, env, bus } = input;
  const signIn = createMcpSignIn({
    paths,
    env,
    options: input.signIn,
    // Tokens and client secrets join the secrets hidden from files, logs and the window.
    onSecret: (secret) => input.redactor.add(secret),
    log: (message) => bus.emit({ type: 'log', level: 'info', source: 'mcp', message }),
  });
  const mcp = new McpManager({
    config,
    userConfigPath: paths.config,
    tools: input.tools,
    bus,
    workspace: input.workspace,
    env,
    humanInput: input.humanInput,
    auth: signIn.factory,
    // A server's sampling request goes to the session's model once the user approves it.
    sampler: llmSampler(input.llm, config.prices),
    traceContext: (callId) => input.telemetry.carrier(callId),
    toolCache: new McpToolCache(join(paths.state, 'mcp-tools.json')),
  });
  return { signIn, mcp };
}

/**
 * Which tools each request carries with schemas (config `agent.toolSchemaBudget`,
 * `agent.deferTools`); loading a deferred tool of an MCP server that has not started starts it,
 * so it is ready when called.
 */
export function mcpToolExposure(tools: ToolCollection, agent: { toolSchemaBudget?: number; deferTools?: string[] }, mcp: () => McpManager): ToolExposure {
  return new ToolExposure({
    tools,
    budgetShare: agent.toolSchemaBudget,
    deferTools: agent.deferTools,
    startsOnFirstUse: (id) => mcp().startsOnFirstUse(id),
    onLoad: (tool) => {
      const id = tool.source?.startsWith('mcp:') ? tool.source.slice(4) : null;
      if (id && mcp().notStarted(id)) void mcp().ensureStarted(id);
    },
  });
}
