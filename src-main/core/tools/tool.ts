import type { EventInput, ToolSource } from '../../../src-shared/events/event-types';
import type { ChangePreview } from '../../../src-shared/events/change-preview';
import type { ToolResult } from '../../../src-shared/events/tool-result';
import type { McpDialogRequest } from '../../../src-shared/contract/views';

/** A JSON Schema object describing a tool's arguments. */
export type JsonSchema = Record<string, unknown>;

/** Hints about a tool's effects (MCP tool annotations). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A question for the human, answered through whatever UI is attached (CLI, window, web). */
export interface HumanQuestion {
  question: string;
  /** Set by the session so the events and a queued UI dialog share one id. */
  requestId?: string;
  /** Set for MCP elicitation: which server asks and the form schema. */
  server?: string;
  schema?: JsonSchema;
  /** What an MCP server asks for, so a UI can show the right dialog (a plain form/text dialog still works). */
  mcp?: McpHumanRequest;
}

/**
 * The MCP request behind a question: a form (`elicitation`), a page to open (`elicitation-url`),
 * a model request to approve (`sampling`) or the model's answer to approve before it goes
 * back (`sampling-result`). `callId` is the tool call the request belongs to.
 */
export type McpHumanRequest = McpDialogRequest;

/** The answer: text for plain questions, content for an accepted elicitation form. */
export interface HumanAnswer {
  action: 'accept' | 'decline' | 'cancel';
  text?: string;
  content?: Record<string, unknown>;
}

/** Asks the human. Must never block the event loop; rejects/cancels on signal abort. */
export interface HumanInputPort {
  ask(q: HumanQuestion, signal?: AbortSignal): Promise<HumanAnswer>;
}

/** What a running tool can use. The agent fills the ports; tests can leave them out. */
export interface ToolContext {
  /** Aborted when the run is cancelled or the call times out. */
  signal: AbortSignal;
  /** Absolute path of the workspace. */
  workspace: string;
  /** Absolute path of $GLASSBOX_HOME. */
  home: string;
  /** The id of this call (model's tool_call id, or generated). */
  callId: string;
  /** Session id, when running inside a session. */
  sessionId?: string;
  /** Asks the human (ask_human, MCP elicitation). Absent when nobody can answer. */
  humanInput?: HumanInputPort;
  /** Emits an event on the session's bus (progress, logs). */
  emit?: (event: EventInput) => void;
  /**
   * Set only by the approval gate, when the human approved this very call as an escalation
   * (it needs what the OS sandbox forbids): `bash` and `python_execute` then run this one call
   * outside the sandbox. Never derived from the model's arguments.
   */
  escalation?: Escalation;
  /**
   * Set only by the approval gate, when this call was approved (a human's yes, a user's allow
   * rule, the user's own click) although it reaches beyond what tools may touch unasked: the
   * real paths that approval judged. The editor may then read or write exactly these (hidden
   * folders, outside the workspace). Never derived from the model's arguments.
   */
  grantedPaths?: readonly string[];
}

/** An approved escalation: the sandbox decisions the human overrode for one call. */
export interface Escalation {
  /** What the sandbox would have stopped, e.g. "writes outside the workspace: /x", "needs the network". */
  reasons: string[];
}

/**
 * A tool the agent can call. `description` is the model's only manual: say what it does,
 * when to use it and what it returns.
 */
export interface Tool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  /**
   * What arguments are checked against, when it differs from what the model is shown (an MCP
   * tool: optional arguments may be null, the server's own schema dialect left to the server).
   */
  readonly validationSchema?: JsonSchema;
  readonly annotations?: ToolAnnotations;
  /**
   * A check of the arguments beyond the schema, run right after it (before hooks, approvals and
   * execution): the message for the model when the call must not run, else null.
   */
  checkArgs?(args: Record<string, unknown>): string | null;
  /** Where it came from; set by whoever registers it (defaults to builtin). */
  source?: ToolSource;
  /**
   * An MCP App's own tool (`_meta.ui.visibility: ["app"]`): callable by its server's view (and
   * by the user's hand), never offered to the model, and refused when the model names it.
   */
  readonly appOnly?: boolean;
  execute(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>;
  /**
   * The change a call would make to a file, computed without writing (shown in its approval);
   * relative paths are resolved against `ctx.workspace` as the call itself would.
   */
  preview?(args: Record<string, unknown>, ctx?: { workspace: string }): Promise<ChangePreview | null>;
  /** Releases processes or connections the tool holds. */
  dispose?(): Promise<void> | void;
}

/** OpenAI function-calling shape of a tool. */
export interface FunctionToolParam {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema };
}

/** One call of a tool as hooks and the approval rules see it (docs/extensions.md). */
export interface ToolCallInfo {
  callId: string;
  tool: string;
  args: Record<string, unknown>;
  source: ToolSource;
}
