/**
 * The bridge's methods: every method's name, its arguments as zod schemas (the one definition of
 * what a window may send; the host parses every call against it before any handler runs) and
 * its result type. The TypeScript types of the client (`api.ns.method(...)`) and of the
 * handlers are inferred from this table (method-schema.ts).
 *
 * Methods are named `namespace.method`; the client object built from them is
 * `api.namespace.method(...args)` (e.g. `api.agent.send(text)`; see client.ts).
 *
 * To add a method: add one entry to `METHODS` (or to the table of its domain, folded in here).
 * Hosts register handlers for their methods with `BridgeEndpoint.register`
 * (src-main/bridge/endpoint.ts); a handler receives its arguments parsed and never re-checks
 * their shape.
 */
import { z } from 'zod';
import { RestoreOptionsSchema, type Checkpoint, type CheckpointFileChange, type RestoreResult } from './checkpoint-views';
import {
  CallFilterSchema,
  SettingsPatchSchema,
  type AgentState,
  type CallDetail,
  type CallSummary,
  type ExportedFile,
  type ModelConnectionResult,
  type Ok,
  type PendingDialog,
  type SessionSnapshot,
  type SessionSummary,
  type SessionView,
  type SettingsView,
} from './views';
import { ForkWindowRequestSchema, type ForkModelOptions, type ForkResult } from './fork-views';
import type { SessionDiff } from '../read-models/session-diff';
import { ReplayRequestSchema, type RecordedSession, type RecordedToolCall, type ReplayOutcome } from './replay';
import {
  ServerConfigInputSchema,
  type EditRecord,
  type ExtensionView,
  type McpActionResult,
  type McpSnapshot,
  type TerminalActionResult,
  type TerminalAttachment,
} from './workbench-views';
import { INSIGHT_METHODS } from './insight-methods';
import { SKILLS_REGISTRY_METHODS } from './skills-registry-methods';
import { APP_VIEW_METHODS } from './app-view-methods';
import { TASK_METHODS } from './task-methods';
import {
  MAX_ATTACHMENTS,
  MCP_LOG_LEVELS,
  McpAttachmentRefSchema,
  McpCompletionRefSchema,
  ResourceUriSchema,
  StringArgsSchema,
  type McpCompletionView,
  type McpPromptResultView,
  type McpPromptView,
  type McpResourceContentView,
  type McpResourcesView,
  type McpToolCallView,
  type McpTrafficView,
} from './mcp-inspector-views';
import { ModelNameSchema } from './model-name';
import { method, returns, type CallArgs, type MethodSchema, type MethodTypes, type ParsedArgs, type ResultOf } from './method-schema';

/** A tool's or a form's arguments: an object of anything. */
const ArgsObject = z.record(z.string(), z.unknown());

/** Every method: its positional arguments (zod, checked by the host) and its result. */
export const METHODS = {
  ...INSIGHT_METHODS,
  ...SKILLS_REGISTRY_METHODS,
  ...APP_VIEW_METHODS,
  ...TASK_METHODS,
  /** Starts a run with the user's message (continues the open session). */
  'agent.send': method([z.string()], returns<AgentState>()),
  /**
   * Runs the conversation again as it is, after a failed run: no user message is added (the
   * last one is sent once), and an empty assistant turn of the failure is never sent.
   */
  'agent.retry': method([], returns<AgentState>()),
  /** Cancels the running run; resolves once it has ended or if nothing was running. */
  'agent.cancel': method([], returns<AgentState>()),
  /** Queues a message typed while the run works: it goes in before the run's next model request (sent at once when nothing runs). */
  'agent.queue': method([z.string()], returns<AgentState>()),
  /** Changes a queued message's text (id, text); NOT_FOUND once it went in. */
  'agent.editQueued': method([z.string(), z.string()], returns<AgentState>()),
  /** Removes a queued message; NOT_FOUND once it went in. */
  'agent.removeQueued': method([z.string()], returns<AgentState>()),
  /** *Stop after this step*: the run ends once the running step's tools are done. */
  'agent.stopAfterStep': method([], returns<AgentState>()),
  /** Whether the agent of the open session is working. */
  'agent.state': method([], returns<AgentState>()),

  /** The saved sessions, newest first (optionally those matching a text). */
  'sessions.list': method([z.string().optional()], returns<SessionSummary[]>()),
  /** Opens (resumes) a saved session; it becomes the current one (its view follows as `sessions.switched`). */
  'sessions.open': method([z.string()], returns<SessionSummary>()),
  /** The current session (used at start and after a reload). */
  'sessions.current': method([], returns<SessionSnapshot>()),
  /** Starts a new session; it becomes the current one. */
  'sessions.new': method([], returns<SessionSummary>()),
  /**
   * The current session pre-reduced for the window (what it loads at start and after a reload);
   * with `tail`, only its last `tail` rows and what they need (first screen first).
   */
  'sessions.view': method([z.number().int().nonnegative().optional()], returns<SessionView>()),
  /** Renames a saved session: id, title. */
  'sessions.rename': method([z.string(), z.string()], returns<Ok>()),
  'sessions.delete': method([z.string()], returns<Ok>()),
  /** The session file as JSONL text. */
  'sessions.export': method([z.string()], returns<ExportedFile>()),
  /**
   * Switches the current session's model (the name only: provider, endpoint and key stay those of
   * Settings); other sessions and Settings keep theirs. Recorded in the session file; the next run uses it.
   */
  'sessions.setModel': method([ModelNameSchema], returns<AgentState>()),
  /**
   * Forks a saved session at one of its rows with one thing changed (fork-views.ts): the fork's
   * file and files are made, it opens in this window and runs on from there.
   */
  'sessions.fork': method([ForkWindowRequestSchema], returns<ForkResult>()),
  /** The configured providers a fork may use (`default` and `llm.providers`), each with its model, temperature, thinking and what it takes. Never a key. */
  'sessions.forkModels': method([], returns<ForkModelOptions>()),
  /** Two saved sessions aligned step by step, with the first step where they differ. */
  'sessions.compare': method([z.string(), z.string()], returns<SessionDiff>()),

  /** The open session's tool calls, optionally filtered. */
  'calls.list': method([CallFilterSchema.optional()], returns<CallSummary[]>()),
  'calls.get': method([z.string()], returns<CallDetail | null>()),
  /** One call (or all calls matching a filter) as JSON. */
  'calls.export': method([z.string().optional(), CallFilterSchema.optional()], returns<ExportedFile>()),

  'dialogs.pending': method([], returns<PendingDialog[]>()),
  /** requestId, decision; `always` adds an allow rule for this tool/pattern (the config's approval rules). */
  'dialogs.answerApproval': method([z.string(), z.enum(['allow', 'deny']), z.boolean().optional()], returns<Ok>()),
  'dialogs.answerQuestion': method([z.string(), z.string()], returns<Ok>()),
  /** requestId, action, and the form's content when accepted. */
  'dialogs.answerElicitation': method([z.string(), z.enum(['accept', 'decline', 'cancel']), ArgsObject.optional()], returns<Ok>()),

  'settings.get': method([], returns<SettingsView>()),
  'settings.set': method([SettingsPatchSchema], returns<SettingsView>()),
  /** Asks the model server for its models with these (unsaved) settings over the saved ones; from the host, the key never in the page. */
  'settings.testConnection': method([SettingsPatchSchema], returns<ModelConnectionResult>()),

  // Workbench namespaces (issue 8): edits, terminal, mcp, replay, timeline, extensions.
  /** Every str_replace_editor change of the current session, in order. */
  'edits.list': method([], returns<EditRecord[]>()),
  /** Undoes the last edit of a file through the tool path (recorded like any call). */
  'edits.undo': method([z.string()], returns<{ ok: boolean; text: string }>()),
  /** Puts a file back as it was before one editor call (the user's action: no approval, origin 'user'). */
  'edits.revert': method([z.string()], returns<{ ok: boolean; text: string }>()),
  /** The workspace's checkpoints, oldest first (empty when checkpoints are off). */
  'checkpoints.list': method([], returns<Checkpoint[]>()),
  /** What restoring a checkpoint would change now, per file (nothing written). */
  'checkpoints.preview': method([z.string()], returns<CheckpointFileChange[]>()),
  /**
   * Restores a checkpoint's files (all, or those listed) and/or the conversation (back to right
   * after the checkpoint's turn; refused while a run is going). `undo` is the checkpoint that takes
   * the files back; `conversationSeq` the `conversation_restored` event that
   * `checkpoints.undoConversation` takes back.
   */
  'checkpoints.restore': method([z.string(), z.array(z.string()).optional(), RestoreOptionsSchema.optional()], returns<RestoreResult>()),
  /** Takes a conversation restore back (the conversation as it was just before event `restoreSeq`). */
  'checkpoints.undoConversation': method([z.number().int()], returns<{ seq: number; messages: number }>()),
  /** Starts the agent's shell if needed; returns its scrollback and state (late attach). */
  'terminal.attach': method([], returns<TerminalAttachment>()),
  /** User keystrokes: written after take-over, held while the agent runs a command. */
  'terminal.write': method([z.string()], returns<TerminalActionResult>()),
  /** The terminal's size: cols, rows. */
  'terminal.resize': method([z.number(), z.number()], returns<Ok>()),
  'terminal.takeOver': method([], returns<TerminalActionResult>()),
  'terminal.release': method([], returns<TerminalActionResult>()),
  /** Every MCP server (secrets masked) and exactly what the model receives from them. */
  'mcp.snapshot': method([], returns<McpSnapshot>()),
  /** Adds server `id` with the page's config. */
  'mcp.add': method([z.string(), ServerConfigInputSchema], returns<McpActionResult>()),
  /** Changes server `id`'s config (masked secrets sent back as null keep the stored ones). */
  'mcp.update': method([z.string(), ServerConfigInputSchema], returns<McpActionResult>()),
  'mcp.remove': method([z.string()], returns<McpActionResult>()),
  'mcp.setEnabled': method([z.string(), z.boolean()], returns<McpActionResult>()),
  'mcp.restart': method([z.string()], returns<McpActionResult>()),
  /** id, tool (the server's own name), enabled. */
  'mcp.setToolEnabled': method([z.string(), z.string(), z.boolean()], returns<McpActionResult>()),
  'mcp.setIncludeInstructions': method([z.string(), z.boolean()], returns<McpActionResult>()),
  /** Imports a Claude Desktop / Cursor / VS Code / .mcp.json text into the config. */
  'mcp.import': method([z.string()], returns<McpActionResult>()),
  /** Signs in to a remote server with OAuth in the system browser, then reconnects it. */
  'mcp.signIn': method([z.string()], returns<McpActionResult>()),
  /** Forgets a server's sign-in (its tokens), then reconnects it. */
  'mcp.signOut': method([z.string()], returns<McpActionResult>()),
  /** A recorded call (live session, or a saved one) and its tool's input schema: callId, sessionId. */
  'replay.prepare': method(
    [z.string(), z.string().optional()],
    returns<{ call: RecordedToolCall; schema: Record<string, unknown> | null }>(),
  ),
  /** Re-runs a recorded call (optionally with edited args) through the tool path, as a replay. */
  'replay.run': method([ReplayRequestSchema], returns<ReplayOutcome>()),
  /** A saved session's events, read from its file; nothing is re-executed. */
  'timeline.load': method([z.string()], returns<RecordedSession>()),
  'extensions.list': method([], returns<ExtensionView[]>()),
  /** Reloads one extension (or all) and returns the new list. */
  'extensions.reload': method([z.string().optional()], returns<ExtensionView[]>()),

  // The MCP pane's inspector of one server (mcp-inspector-views.ts); secrets masked by the host.
  /** Starts a run with the user's message and what is attached to it (resources, prompts; at most MAX_ATTACHMENTS). */
  'agent.sendWith': method([z.string(), z.array(McpAttachmentRefSchema).max(MAX_ATTACHMENTS)], returns<AgentState>()),
  /** A server's resources and templates (every page), and the URIs watched. */
  'mcp.resources': method([z.string()], returns<McpResourcesView>()),
  /** Reads one resource (id, uri): text as text, binary as size and type (images with their data). */
  'mcp.readResource': method([z.string(), ResourceUriSchema], returns<McpResourceContentView[]>()),
  /** Watches (`on`) or stops watching a resource (id, uri, on); answers the URIs watched now. */
  'mcp.subscribe': method([z.string(), ResourceUriSchema, z.boolean()], returns<string[]>()),
  'mcp.prompts': method([z.string()], returns<McpPromptView[]>()),
  /** A prompt's messages with its arguments filled in: id, name, arguments. */
  'mcp.getPrompt': method([z.string(), z.string(), StringArgsSchema], returns<McpPromptResultView>()),
  /**
   * Suggestions for a prompt argument or template variable from what is typed: id, ref, argument,
   * value, context (the other arguments).
   */
  'mcp.complete': method(
    [z.string(), McpCompletionRefSchema, z.string(), z.string(), StringArgsSchema.optional()],
    returns<McpCompletionView>(),
  ),
  /** Calls one of a server's tools by hand through the tool path (recorded like the model's calls): id, tool, arguments. */
  'mcp.callTool': method([z.string(), z.string(), ArgsObject], returns<McpToolCallView>()),
  /** The server's traffic log after `after` (a seq), oldest first. */
  'mcp.traffic': method([z.string(), z.number().optional()], returns<McpTrafficView[]>()),
  /** The lowest log level asked of the server, saved to its config (absent: the server's default). */
  'mcp.setLogLevel': method([z.string(), z.enum(MCP_LOG_LEVELS).optional()], returns<Ok>()),
} satisfies Record<string, MethodSchema>;

/** Every method as types: `{ args (what a handler receives), callArgs (what a client passes), result }`. */
export type BridgeMethods = MethodTypes<typeof METHODS>;
/** Every method name. */
export type MethodName = keyof typeof METHODS;
/** The arguments a handler receives, parsed by the host. */
export type MethodArgs<M extends MethodName> = ParsedArgs<(typeof METHODS)[M]>;
/** The arguments a client passes. */
export type MethodCallArgs<M extends MethodName> = CallArgs<(typeof METHODS)[M]>;
/** A method's result. */
export type MethodResult<M extends MethodName> = ResultOf<(typeof METHODS)[M]>;

/** Every method name, at run time. */
export const METHOD_NAMES = Object.keys(METHODS) as MethodName[];

/** The argument schema of a method, or undefined for a name outside the contract (never a prototype key). */
export function methodSchema(name: string): MethodSchema | undefined {
  return Object.prototype.hasOwnProperty.call(METHODS, name) ? METHODS[name as MethodName] : undefined;
}
