/**
 * The bridge's methods: every method's name, argument tuple and result, and the runtime
 * argument specs the host checks untrusted calls against.
 *
 * Methods are named `namespace.method`; the client object built from them is
 * `api.namespace.method(...args)` (e.g. `api.agent.send(text)`; see client.ts).
 *
 * To add a method: add it to `BridgeMethods` (types) AND `METHOD_SPECS` (runtime argument
 * checks). Hosts register handlers for their methods with `BridgeEndpoint.register`
 * (src-main/bridge/endpoint.ts).
 */
import type { Checkpoint, CheckpointFileChange, RestoreOptions, RestoreResult } from './checkpoint-views';
import type {
  AgentState,
  CallDetail,
  CallFilter,
  CallSummary,
  ExportedFile,
  ModelConnectionResult,
  Ok,
  PendingDialog,
  SessionSnapshot,
  SessionSummary,
  SessionView,
  SettingsPatch,
  SettingsView,
} from './views';
import type { ForkResult, ForkWindowRequest } from './fork-views';
import type { SessionDiff } from '../read-models/session-diff';
import type { RecordedSession, RecordedToolCall, ReplayOutcome, ReplayRequest } from './replay';
import type {
  EditRecord,
  ExtensionView,
  McpActionResult,
  McpSnapshot,
  ServerConfigInput,
  TerminalActionResult,
  TerminalAttachment,
} from './workbench-views';
import { INSIGHT_METHOD_SPECS, type InsightMethods } from './insight-methods';
import { SKILLS_REGISTRY_METHOD_SPECS, type SkillsRegistryMethods } from './skills-registry-methods';
import { APP_VIEW_METHOD_SPECS, type AppViewMethods } from './app-view-methods';
import { TASK_METHOD_SPECS, type TaskMethods } from './task-methods';
import {
  MCP_LOG_LEVELS,
  type McpAttachmentRef,
  type McpCompletionRef,
  type McpCompletionView,
  type McpLogLevel,
  type McpPromptResultView,
  type McpPromptView,
  type McpResourceContentView,
  type McpResourcesView,
  type McpToolCallView,
  type McpTrafficView,
} from './mcp-inspector-views';

/** Every method: its positional arguments and its result (the insight methods are in insight-methods.ts). */
export interface BridgeMethods extends InsightMethods, SkillsRegistryMethods, AppViewMethods, TaskMethods {
  /** Starts a run with the user's message (continues the open session). */
  'agent.send': { args: [text: string]; result: AgentState };
  /**
   * Runs the conversation again as it is, after a failed run: no user message is added (the
   * last one is sent once), and an empty assistant turn of the failure is never sent.
   */
  'agent.retry': { args: []; result: AgentState };
  /** Cancels the running run; resolves once it has ended or if nothing was running. */
  'agent.cancel': { args: []; result: AgentState };
  /** Queues a message typed while the run works: it goes in before the run's next model request (sent at once when nothing runs). */
  'agent.queue': { args: [text: string]; result: AgentState };
  /** Changes a queued message's text; NOT_FOUND once it went in. */
  'agent.editQueued': { args: [id: string, text: string]; result: AgentState };
  /** Removes a queued message; NOT_FOUND once it went in. */
  'agent.removeQueued': { args: [id: string]; result: AgentState };
  /** *Stop after this step*: the run ends once the running step's tools are done. */
  'agent.stopAfterStep': { args: []; result: AgentState };
  'agent.state': { args: []; result: AgentState };

  'sessions.list': { args: [query?: string]; result: SessionSummary[] };
  /** Opens (resumes) a saved session; it becomes the current one (its view follows as `sessions.switched`). */
  'sessions.open': { args: [id: string]; result: SessionSummary };
  /** The current session (used at start and after a reload). */
  'sessions.current': { args: []; result: SessionSnapshot };
  'sessions.new': { args: []; result: SessionSummary };
  /**
   * The current session pre-reduced for the window (what it loads at start and after a reload);
   * with `tail`, only its last `tail` rows and what they need (first screen first).
   */
  'sessions.view': { args: [tail?: number]; result: SessionView };
  'sessions.rename': { args: [id: string, title: string]; result: Ok };
  'sessions.delete': { args: [id: string]; result: Ok };
  /** The session file as JSONL text. */
  'sessions.export': { args: [id: string]; result: ExportedFile };
  /**
   * Switches the current session's model (the name only: provider, endpoint and key stay those of
   * Settings); other sessions and Settings keep theirs. Recorded in the session file; the next run uses it.
   */
  'sessions.setModel': { args: [model: string]; result: AgentState };
  /**
   * Forks a saved session at one of its rows with one thing changed (fork-views.ts): the fork's
   * file and files are made, it opens in this window and runs on from there.
   */
  'sessions.fork': { args: [request: ForkWindowRequest]; result: ForkResult };
  /** Two saved sessions aligned step by step, with the first step where they differ. */
  'sessions.compare': { args: [left: string, right: string]; result: SessionDiff };

  'calls.list': { args: [filter?: CallFilter]; result: CallSummary[] };
  'calls.get': { args: [callId: string]; result: CallDetail | null };
  /** One call (or all calls matching a filter) as JSON. */
  'calls.export': { args: [callId?: string, filter?: CallFilter]; result: ExportedFile };

  'dialogs.pending': { args: []; result: PendingDialog[] };
  /** `always` adds an allow rule for this tool/pattern (the config's approval rules). */
  'dialogs.answerApproval': { args: [requestId: string, decision: 'allow' | 'deny', always?: boolean]; result: Ok };
  'dialogs.answerQuestion': { args: [requestId: string, answer: string]; result: Ok };
  'dialogs.answerElicitation': {
    args: [requestId: string, action: 'accept' | 'decline' | 'cancel', content?: Record<string, unknown>];
    result: Ok;
  };

  'settings.get': { args: []; result: SettingsView };
  'settings.set': { args: [patch: SettingsPatch]; result: SettingsView };
  /** Asks the model server for its models with these (unsaved) settings over the saved ones; from the host, the key never in the page. */
  'settings.testConnection': { args: [draft: SettingsPatch]; result: ModelConnectionResult };

  // Workbench namespaces (issue 8): edits, terminal, mcp, replay, timeline, extensions.
  /** Every str_replace_editor change of the current session, in order. */
  'edits.list': { args: []; result: EditRecord[] };
  /** Undoes the last edit of a file through the tool path (recorded like any call). */
  'edits.undo': { args: [path: string]; result: { ok: boolean; text: string } };
  /** Puts a file back as it was before one editor call (the user's action: no approval, origin 'user'). */
  'edits.revert': { args: [callId: string]; result: { ok: boolean; text: string } };
  /** The workspace's checkpoints, oldest first (empty when checkpoints are off). */
  'checkpoints.list': { args: []; result: Checkpoint[] };
  /** What restoring a checkpoint would change now, per file (nothing written). */
  'checkpoints.preview': { args: [id: string]; result: CheckpointFileChange[] };
  /**
   * Restores a checkpoint's files (all, or those listed) and/or the conversation (back to right
   * after the checkpoint's turn; refused while a run is going). `undo` is the checkpoint that takes
   * the files back; `conversationSeq` the `conversation_restored` event that
   * `checkpoints.undoConversation` takes back.
   */
  'checkpoints.restore': { args: [id: string, paths?: string[], opts?: RestoreOptions]; result: RestoreResult };
  /** Takes a conversation restore back (the conversation as it was just before event `restoreSeq`). */
  'checkpoints.undoConversation': { args: [restoreSeq: number]; result: { seq: number; messages: number } };
  /** Starts the agent's shell if needed; returns its scrollback and state (late attach). */
  'terminal.attach': { args: []; result: TerminalAttachment };
  /** User keystrokes: written after take-over, held while the agent runs a command. */
  'terminal.write': { args: [data: string]; result: TerminalActionResult };
  'terminal.resize': { args: [cols: number, rows: number]; result: Ok };
  'terminal.takeOver': { args: []; result: TerminalActionResult };
  'terminal.release': { args: []; result: TerminalActionResult };
  /** Every MCP server (secrets masked) and exactly what the model receives from them. */
  'mcp.snapshot': { args: []; result: McpSnapshot };
  'mcp.add': { args: [id: string, config: ServerConfigInput]; result: McpActionResult };
  'mcp.update': { args: [id: string, config: ServerConfigInput]; result: McpActionResult };
  'mcp.remove': { args: [id: string]; result: McpActionResult };
  'mcp.setEnabled': { args: [id: string, enabled: boolean]; result: McpActionResult };
  'mcp.restart': { args: [id: string]; result: McpActionResult };
  'mcp.setToolEnabled': { args: [id: string, tool: string, enabled: boolean]; result: McpActionResult };
  'mcp.setIncludeInstructions': { args: [id: string, include: boolean]; result: McpActionResult };
  /** Imports a Claude Desktop / Cursor / VS Code / .mcp.json text into the config. */
  'mcp.import': { args: [text: string]; result: McpActionResult };
  /** Signs in to a remote server with OAuth in the system browser, then reconnects it. */
  'mcp.signIn': { args: [id: string]; result: McpActionResult };
  /** Forgets a server's sign-in (its tokens), then reconnects it. */
  'mcp.signOut': { args: [id: string]; result: McpActionResult };
  /** A recorded call (live session, or a saved one) and its tool's input schema. */
  'replay.prepare': {
    args: [callId: string, sessionId?: string];
    result: { call: RecordedToolCall; schema: Record<string, unknown> | null };
  };
  /** Re-runs a recorded call (optionally with edited args) through the tool path, as a replay. */
  'replay.run': { args: [request: ReplayRequest]; result: ReplayOutcome };
  /** A saved session's events, read from its file; nothing is re-executed. */
  'timeline.load': { args: [sessionId: string]; result: RecordedSession };
  'extensions.list': { args: []; result: ExtensionView[] };
  /** Reloads one extension (or all) and returns the new list. */
  'extensions.reload': { args: [name?: string]; result: ExtensionView[] };

  // The MCP pane's inspector of one server (mcp-inspector-views.ts); secrets masked by the host.
  /** Starts a run with the user's message and what is attached to it (resources, prompts). */
  'agent.sendWith': { args: [text: string, attachments: McpAttachmentRef[]]; result: AgentState };
  /** A server's resources and templates (every page), and the URIs watched. */
  'mcp.resources': { args: [id: string]; result: McpResourcesView };
  /** Reads one resource: text as text, binary as size and type (images with their data). */
  'mcp.readResource': { args: [id: string, uri: string]; result: McpResourceContentView[] };
  /** Watches (`on`) or stops watching a resource; answers the URIs watched now. */
  'mcp.subscribe': { args: [id: string, uri: string, on: boolean]; result: string[] };
  'mcp.prompts': { args: [id: string]; result: McpPromptView[] };
  /** A prompt's messages with its arguments filled in. */
  'mcp.getPrompt': { args: [id: string, name: string, args: Record<string, string>]; result: McpPromptResultView };
  /** Suggestions for a prompt argument or template variable from what is typed (`context`: the other arguments). */
  'mcp.complete': { args: [id: string, ref: McpCompletionRef, argument: string, value: string, context?: Record<string, string>]; result: McpCompletionView };
  /** Calls one of a server's tools by hand through the tool path (recorded like the model's calls). */
  'mcp.callTool': { args: [id: string, tool: string, args: Record<string, unknown>]; result: McpToolCallView };
  /** The server's traffic log after `after` (a seq), oldest first. */
  'mcp.traffic': { args: [id: string, after?: number]; result: McpTrafficView[] };
  /** The lowest log level asked of the server, saved to its config (absent: the server's default). */
  'mcp.setLogLevel': { args: [id: string, level?: McpLogLevel]; result: Ok };
}

/** Every method name. */
export type MethodName = keyof BridgeMethods;
export type MethodArgs<M extends MethodName> = BridgeMethods[M]['args'];
export type MethodResult<M extends MethodName> = BridgeMethods[M]['result'];

/**
 * Runtime shape of one positional argument, checked by the host before any handler runs.
 * `?` suffix: optional (may be undefined or absent).
 */
export type ArgSpec =
  | 'string'
  | 'string?'
  | 'number'
  | 'number?'
  | 'boolean'
  | 'boolean?'
  | 'object'
  | 'object?'
  | 'array'
  | 'array?'
  | 'unknown'
  | { oneOf: readonly string[]; optional?: boolean };

/** Runtime argument specs of every method, in order. Must list exactly the keys of BridgeMethods. */
export const METHOD_SPECS: { readonly [M in MethodName]: readonly ArgSpec[] } = {
  ...INSIGHT_METHOD_SPECS,
  ...SKILLS_REGISTRY_METHOD_SPECS,
  ...APP_VIEW_METHOD_SPECS,
  ...TASK_METHOD_SPECS,
  'agent.send': ['string'],
  'agent.retry': [],
  'agent.cancel': [],
  'agent.queue': ['string'],
  'agent.editQueued': ['string', 'string'],
  'agent.removeQueued': ['string'],
  'agent.stopAfterStep': [],
  'agent.state': [],
  'sessions.list': ['string?'],
  'sessions.open': ['string'],
  'sessions.current': [],
  'sessions.new': [],
  'sessions.view': ['number?'],
  'sessions.rename': ['string', 'string'],
  'sessions.delete': ['string'],
  'sessions.export': ['string'],
  'sessions.setModel': ['string'],
  'sessions.fork': ['object'],
  'sessions.compare': ['string', 'string'],
  'calls.list': ['object?'],
  'calls.get': ['string'],
  'calls.export': ['string?', 'object?'],
  'dialogs.pending': [],
  'dialogs.answerApproval': ['string', { oneOf: ['allow', 'deny'] }, 'boolean?'],
  'dialogs.answerQuestion': ['string', 'string'],
  'dialogs.answerElicitation': ['string', { oneOf: ['accept', 'decline', 'cancel'] }, 'object?'],
  'settings.get': [],
  'settings.set': ['object'],
  'settings.testConnection': ['object'],
  'edits.list': [],
  'edits.undo': ['string'],
  'edits.revert': ['string'],
  'checkpoints.list': [],
  'checkpoints.preview': ['string'],
  'checkpoints.restore': ['string', 'array?', 'object?'],
  'checkpoints.undoConversation': ['number'],
  'terminal.attach': [],
  'terminal.write': ['string'],
  'terminal.resize': ['number', 'number'],
  'terminal.takeOver': [],
  'terminal.release': [],
  'mcp.snapshot': [],
  'mcp.add': ['string', 'object'],
  'mcp.update': ['string', 'object'],
  'mcp.remove': ['string'],
  'mcp.setEnabled': ['string', 'boolean'],
  'mcp.restart': ['string'],
  'mcp.setToolEnabled': ['string', 'string', 'boolean'],
  'mcp.setIncludeInstructions': ['string', 'boolean'],
  'mcp.import': ['string'],
  'mcp.signIn': ['string'],
  'mcp.signOut': ['string'],
  'replay.prepare': ['string', 'string?'],
  'replay.run': ['object'],
  'timeline.load': ['string'],
  'extensions.list': [],
  'extensions.reload': ['string?'],
  'agent.sendWith': ['string', 'array'],
  'mcp.resources': ['string'],
  'mcp.readResource': ['string', 'string'],
  'mcp.subscribe': ['string', 'string', 'boolean'],
  'mcp.prompts': ['string'],
  'mcp.getPrompt': ['string', 'string', 'object'],
  'mcp.complete': ['string', 'object', 'string', 'string', 'object?'],
  'mcp.callTool': ['string', 'string', 'object'],
  'mcp.traffic': ['string', 'number?'],
  'mcp.setLogLevel': ['string', { oneOf: [...MCP_LOG_LEVELS], optional: true }],
};

/** Every method name, at run time. */
export const METHOD_NAMES = Object.keys(METHOD_SPECS) as MethodName[];
