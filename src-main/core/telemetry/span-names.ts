/**
 * Span and attribute names, by the OpenTelemetry semantic conventions 1.45 for generative AI
 * (agent, model and tool spans) and for MCP — both at status Development, as published with
 * `@opentelemetry/semantic-conventions` 1.45.0. Copied here as the package asks for its
 * incubating names; `glassbox.*` are Glassbox's own where the conventions have none.
 */
export const ATTR = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  conversationId: 'gen_ai.conversation.id',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  finishReasons: 'gen_ai.response.finish_reasons',
  timeToFirstChunk: 'gen_ai.response.time_to_first_chunk',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  cacheReadTokens: 'gen_ai.usage.cache_read.input_tokens',
  reasoningTokens: 'gen_ai.usage.reasoning.output_tokens',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  toolName: 'gen_ai.tool.name',
  toolType: 'gen_ai.tool.type',
  toolCallId: 'gen_ai.tool.call.id',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  toolCallResult: 'gen_ai.tool.call.result',
  mcpMethodName: 'mcp.method.name',
  mcpProtocolVersion: 'mcp.protocol.version',
  mcpSessionId: 'mcp.session.id',
  jsonrpcRequestId: 'jsonrpc.request.id',
  mcpResourceUri: 'mcp.resource.uri',
  promptName: 'gen_ai.prompt.name',
  networkTransport: 'network.transport',
  serverAddress: 'server.address',
  serverPort: 'server.port',
  errorType: 'error.type',
  // Glassbox's own.
  sessionId: 'glassbox.session.id',
  endReason: 'glassbox.run.end_reason',
  costUsd: 'glassbox.usage.cost_usd',
  toolSource: 'glassbox.tool.source',
  toolBlocked: 'glassbox.tool.blocked',
  mcpServer: 'glassbox.mcp.server',
  approvalDecision: 'glassbox.approval.decision',
  approvalBy: 'glassbox.approval.by',
  approvalEscalation: 'glassbox.approval.escalation',
  humanKind: 'glassbox.human_input.kind',
  humanAction: 'glassbox.human_input.action',
  humanQuestion: 'glassbox.human_input.question',
  humanAnswer: 'glassbox.human_input.answer',
} as const;

/** Span names. */
export const SPAN = {
  invokeAgent: 'invoke_agent',
  chat: (model: string) => `chat ${model}`,
  executeTool: (tool: string) => `execute_tool ${tool}`,
  /** A tool call `glassbox mcp serve` answers (the MCP server span). */
  servedToolCall: (tool: string) => `tools/call ${tool}`,
  approval: (tool: string) => `approval ${tool}`,
  humanInput: 'human_input',
} as const;

/** Span event names. */
export const SPAN_EVENT = {
  retry: 'gen_ai.request.retry',
  compaction: 'glassbox.compaction',
} as const;
