/**
 * The one contract between the UI and a core session: every method (name, argument tuple,
 * result) and every event pushed to the UI. Pure TypeScript, no Node or DOM imports: the
 * renderer, the preload, the Electron main process and the web host all derive from it.
 *
 * Methods are named `namespace.method`; the client object built from them is
 * `api.namespace.method(...args)` (e.g. `api.agent.send(text)`). Events are named
 * `namespace.name`; listeners are `api.namespace.onName(listener)`, receive the payload only and
 * return a disposer.
 *
 * To add a method: add it to `BridgeMethods` (types) AND `METHOD_SPECS` (runtime argument
 * checks). To add an event: add it to `BridgeEvents` AND `EVENT_NAMES`. Hosts register handlers
 * for their methods with `BridgeHost.register` (see bridge-host.ts).
 */
import type { EventType, GlassboxEvent, ToolSource } from '../core/events/event-types';
import type { ToolResultRecord } from '../core/tools/tool-result';
import type { ChatItem } from './chat-items';
import type {
  EditRecord,
  ExtensionView,
  McpActionResult,
  McpSnapshot,
  RecordedCall,
  RecordedSession,
  ReplayOutcome,
  ReplayRequest,
  ServerConfigInput,
  TerminalActionResult,
  TerminalAttachment,
  TerminalState,
} from './workbench/workbench-types';

// ---------------------------------------------------------------------------------------------
// Domain types shared by methods and events
// ---------------------------------------------------------------------------------------------

/** Whether the agent of the open session is working. */
export interface AgentState {
  sessionId: string;
  running: boolean;
  /** The task being worked on, when running. */
  task?: string;
  /** The last run's end, if any. */
  lastEnd?: { reason: 'finished' | 'max_steps' | 'cancelled' | 'error'; error?: string };
}

/** A saved session as the sidebar lists it. */
export interface SessionSummary {
  id: string;
  title: string;
  /** ms since epoch of the first and last event. */
  createdAt: number;
  updatedAt: number;
  eventCount: number;
}

/**
 * An open session: its meta and its events so far, so a view can rebuild itself. Streaming
 * deltas (`message_update`) of messages that have ended are left out: their `message_end`
 * carries the whole text.
 */
export interface SessionSnapshot {
  summary: SessionSummary;
  events: GlassboxEvent[];
  state: AgentState;
}

/**
 * The current session as the window shows it, built on the host: the conversation's rows and
 * every call already reduced from the events (by the same reducers the window applies live
 * events with), so a session of 10,000 calls is a few MB the window takes in one pass instead
 * of every event replayed. Events with `seq` > `lastSeq` follow live.
 */
export interface SessionView {
  summary: SessionSummary;
  state: AgentState;
  /** The conversation's rows (chat-items.ts). */
  chat: ChatItem[];
  /** Every call, in start order. */
  calls: CallDetail[];
  /** approval requestId → callId, so later approval events find their call. */
  approvals: Array<[requestId: string, callId: string]>;
  /** The model_request / model_response events (the inspector's model turns). */
  turnEvents: GlassboxEvent[];
  lastSeq: number;
  /**
   * Present when the view holds only the session's last rows (`sessions.view(tail)`): how many
   * rows and calls the whole session has. The window then asks for the whole view.
   */
  tail?: { rows: number; calls: number };
}

/** Rows in a first view of a session (a few screens): what a window paints before the rest arrives. */
export const FIRST_SCREEN_ROWS = 200;

/** Status of a tool call as the UI shows it. */
export type CallStatus = 'running' | 'awaiting_approval' | 'ok' | 'error' | 'blocked' | 'denied';

/** One tool call in a list. */
export interface CallSummary {
  callId: string;
  tool: string;
  source: ToolSource;
  status: CallStatus;
  startedAt: number;
  durationMs?: number;
}

/** Everything known about one call, for the inspector. */
export interface CallDetail extends CallSummary {
  args: unknown;
  result?: ToolResultRecord;
  updates: Array<{ kind: 'progress' | 'log'; progress?: number; total?: number; message?: string; level?: string; ts: number }>;
  /** Raw MCP JSON-RPC request/response for MCP calls. */
  mcpTraffic?: { server: string; request: unknown; response: unknown };
  approval?: { requestId: string; decision?: 'allow' | 'deny'; by?: string; reasons?: string[] };
  replayOf?: string;
}

/** Filter for `calls.list`; every field narrows. */
export interface CallFilter {
  tool?: string;
  source?: string;
  status?: CallStatus;
  text?: string;
}

/** A dialog waiting for the human. Survives reloads: the host keeps it until answered. */
export type PendingDialog =
  | {
      kind: 'approval';
      requestId: string;
      callId: string;
      tool: string;
      args: unknown;
      /** The classifier's / policy's reasons (e.g. why a bash command is risky). */
      reasons: string[];
      ts: number;
    }
  | { kind: 'question'; requestId: string; question: string; ts: number }
  | {
      kind: 'elicitation';
      requestId: string;
      /** The MCP server that asks. */
      server: string;
      message: string;
      /** JSON Schema of the requested form (MCP elicitation `requestedSchema`). */
      schema: unknown;
      ts: number;
    };

/** An approval rule as settings show and edit it (SPEC §3). */
export interface ApprovalRuleView {
  tool: string;
  match?: string;
  decision: 'allow' | 'ask' | 'deny';
}

/** Settings as the renderer sees them. The API key is write-only: only whether one is set. */
export interface SettingsView {
  provider: 'openai' | 'anthropic';
  model: string;
  baseURL: string;
  apiKeySet: boolean;
  approvalMode: 'ask' | 'auto' | 'deny';
  approvalRules: ApprovalRuleView[];
}

/** A settings change. `apiKey: ''` clears the stored key; absent leaves it as it is. */
export interface SettingsPatch {
  provider?: 'openai' | 'anthropic';
  model?: string;
  baseURL?: string;
  apiKey?: string;
  approvalMode?: 'ask' | 'auto' | 'deny';
  approvalRules?: ApprovalRuleView[];
}

/** A problem the user should see where they look (banner), with what to do about it. */
export interface Notice {
  level: 'info' | 'warn' | 'error';
  /** Stable code, e.g. MODEL_UNREACHABLE, BAD_API_KEY, CONFIG_ERROR. */
  code: string;
  message: string;
  /** What the user can do. */
  hint?: string;
}

/** A file the user can save (export). */
export interface ExportedFile {
  fileName: string;
  mimeType: string;
  text: string;
}

/** Data for sessions.export / calls.export. */
export type Ok = { ok: true };

// ---------------------------------------------------------------------------------------------
// Methods
// ---------------------------------------------------------------------------------------------

/** Every method: its positional arguments and its result. */
export interface BridgeMethods {
  /** Starts a run with the user's message (continues the open session). */
  'agent.send': { args: [text: string]; result: AgentState };
  /** Cancels the running run; resolves once it has ended or if nothing was running. */
  'agent.cancel': { args: []; result: AgentState };
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

  'calls.list': { args: [filter?: CallFilter]; result: CallSummary[] };
  'calls.get': { args: [callId: string]; result: CallDetail | null };
  /** One call (or all calls matching a filter) as JSON. */
  'calls.export': { args: [callId?: string, filter?: CallFilter]; result: ExportedFile };

  'dialogs.pending': { args: []; result: PendingDialog[] };
  /** `always` adds an allow rule for this tool/pattern (SPEC §3 approvals.rules). */
  'dialogs.answerApproval': { args: [requestId: string, decision: 'allow' | 'deny', always?: boolean]; result: Ok };
  'dialogs.answerQuestion': { args: [requestId: string, answer: string]; result: Ok };
  'dialogs.answerElicitation': {
    args: [requestId: string, action: 'accept' | 'decline' | 'cancel', content?: Record<string, unknown>];
    result: Ok;
  };

  'settings.get': { args: []; result: SettingsView };
  'settings.set': { args: [patch: SettingsPatch]; result: SettingsView };

  // Workbench namespaces (issue 8): edits, terminal, mcp, replay, timeline, extensions.
  /** Every str_replace_editor change of the current session, in order. */
  'edits.list': { args: []; result: EditRecord[] };
  /** Undoes the last edit of a file through the tool path (recorded like any call). */
  'edits.undo': { args: [path: string]; result: { ok: boolean; text: string } };
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
  /** A recorded call (live session, or a saved one) and its tool's input schema. */
  'replay.prepare': {
    args: [callId: string, sessionId?: string];
    result: { call: RecordedCall; schema: Record<string, unknown> | null };
  };
  /** Re-runs a recorded call (optionally with edited args) through the tool path, as a replay. */
  'replay.run': { args: [request: ReplayRequest]; result: ReplayOutcome };
  /** A saved session's events, read from its file; nothing is re-executed. */
  'timeline.load': { args: [sessionId: string]; result: RecordedSession };
  'extensions.list': { args: []; result: ExtensionView[] };
  /** Reloads one extension (or all) and returns the new list. */
  'extensions.reload': { args: [name?: string]; result: ExtensionView[] };
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
  'agent.send': ['string'],
  'agent.cancel': [],
  'agent.state': [],
  'sessions.list': ['string?'],
  'sessions.open': ['string'],
  'sessions.current': [],
  'sessions.new': [],
  'sessions.view': ['number?'],
  'sessions.rename': ['string', 'string'],
  'sessions.delete': ['string'],
  'sessions.export': ['string'],
  'calls.list': ['object?'],
  'calls.get': ['string'],
  'calls.export': ['string?', 'object?'],
  'dialogs.pending': [],
  'dialogs.answerApproval': ['string', { oneOf: ['allow', 'deny'] }, 'boolean?'],
  'dialogs.answerQuestion': ['string', 'string'],
  'dialogs.answerElicitation': ['string', { oneOf: ['accept', 'decline', 'cancel'] }, 'object?'],
  'settings.get': [],
  'settings.set': ['object'],
  'edits.list': [],
  'edits.undo': ['string'],
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
  'replay.prepare': ['string', 'string?'],
  'replay.run': ['object'],
  'timeline.load': ['string'],
  'extensions.list': [],
  'extensions.reload': ['string?'],
};

/** Every method name, at run time. */
export const METHOD_NAMES = Object.keys(METHOD_SPECS) as MethodName[];

// ---------------------------------------------------------------------------------------------
// Events pushed to the UI
// ---------------------------------------------------------------------------------------------

/** Every event the host pushes, with its payload. */
export interface BridgeEvents {
  /** A core event of the current session (SPEC §5 plus tool_execution_update, model_*, mcp_traffic). */
  'agent.event': GlassboxEvent;
  'agent.state': AgentState;
  /**
   * The current session changed (new, opened): its view, the last FIRST_SCREEN_ROWS rows when
   * it is longer (then `tail` is set and the window asks `sessions.view()` for the rest).
   */
  'sessions.switched': SessionView;
  /** The saved sessions list changed (renamed, deleted, created). */
  'sessions.changed': SessionSummary[];
  /** The pending dialogs changed (one was added or answered). */
  'dialogs.changed': PendingDialog[];
  'settings.changed': SettingsView;
  /** Something the user should see in a banner. */
  'app.notice': Notice;
  // Workbench events (issue 8).
  /** Output of the agent's pty, as it arrives. */
  'terminal.data': string;
  'terminal.state': TerminalState;
  /** MCP servers changed (status, tools, config). */
  'mcp.changed': McpSnapshot;
  'extensions.changed': ExtensionView[];
}

export type BridgeEventName = keyof BridgeEvents;

/** Every event name, at run time. */
export const EVENT_NAMES: readonly BridgeEventName[] = [
  'agent.event',
  'agent.state',
  'sessions.switched',
  'sessions.changed',
  'dialogs.changed',
  'settings.changed',
  'app.notice',
  'terminal.data',
  'terminal.state',
  'mcp.changed',
  'extensions.changed',
];

// ---------------------------------------------------------------------------------------------
// Wire messages (one shape for every transport)
// ---------------------------------------------------------------------------------------------

/** The one Electron IPC channel the bridge's messages travel on (both ways). */
export const IPC_CHANNEL = 'glassbox:bridge';

/** Client → host. */
export interface CallMessage {
  kind: 'call';
  id: number;
  method: string;
  args: unknown[];
}

/** A failure that crosses the bridge: a stable code and a message for the user. */
export interface BridgeErrorInfo {
  code: 'UNKNOWN_METHOD' | 'BAD_ARGS' | 'BAD_MESSAGE' | 'NOT_FOUND' | 'BUSY' | 'FAILED' | 'CLOSED';
  message: string;
}

/** Host → client: the answer to a call. */
export type ResultMessage =
  | { kind: 'result'; id: number; ok: true; value: unknown }
  | { kind: 'result'; id: number; ok: false; error: BridgeErrorInfo };

/** Host → client: a pushed event. */
export interface EventMessage {
  kind: 'event';
  name: BridgeEventName;
  payload: unknown;
}

export type ClientToHost = CallMessage;
export type HostToClient = ResultMessage | EventMessage;

/** The error a client call rejects with. */
export class BridgeError extends Error {
  constructor(
    readonly code: BridgeErrorInfo['code'],
    message: string,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

/**
 * A tiny message transport (MCP SDK `Transport` style). One end of a connection; messages are
 * structured-cloneable objects. `onMessage` returns a disposer.
 */
export interface BridgeTransport<In, Out> {
  send(message: Out): void;
  onMessage(listener: (message: In) => void): () => void;
  onClose?(listener: () => void): () => void;
  close(): void;
}

/** The client end of a connection. */
export type ClientTransport = BridgeTransport<HostToClient, ClientToHost>;
/** The host end of a connection (incoming messages are untrusted: `unknown`). */
export type HostTransport = BridgeTransport<unknown, HostToClient>;

// ---------------------------------------------------------------------------------------------
// The client object the renderer uses
// ---------------------------------------------------------------------------------------------

type Namespace<K extends string> = K extends `${infer N}.${string}` ? N : never;

/** `api.<ns>.<method>(...args)`. */
type MethodsOf<N extends string> = {
  [K in MethodName as K extends `${N}.${infer M}` ? M : never]: (...args: MethodArgs<K>) => Promise<MethodResult<K>>;
};

/** `api.<ns>.on<Name>(listener)` → disposer. */
type EventsOf<N extends string> = {
  [K in BridgeEventName as K extends `${N}.${infer E}` ? `on${Capitalize<E>}` : never]: (
    listener: (payload: BridgeEvents[K]) => void,
  ) => () => void;
};

/** The domain object the renderer talks to (`window.glassbox` in Electron). */
export type GlassboxApi = {
  [N in Namespace<MethodName> | Namespace<BridgeEventName>]: MethodsOf<N> & EventsOf<N>;
};

/** What `createClientApi` needs: call a method, listen to an event. */
export interface ClientLink {
  call(method: MethodName, args: unknown[]): Promise<unknown>;
  listen(name: BridgeEventName, listener: (payload: unknown) => void): () => void;
}

/** `onFoo` for event `ns.foo`. */
export function listenerKey(event: BridgeEventName): string {
  const member = event.slice(event.indexOf('.') + 1);
  return `on${member[0]!.toUpperCase()}${member.slice(1)}`;
}

/**
 * Builds the domain object from the contract over any link. Every method and event of the
 * contract appears exactly once; nothing else does.
 */
export function createClientApi(link: ClientLink): GlassboxApi {
  const api: Record<string, Record<string, unknown>> = {};
  const ns = (name: string): Record<string, unknown> => (api[name] ??= {});
  for (const method of METHOD_NAMES) {
    const [n, m] = method.split('.') as [string, string];
    ns(n)[m] = (...args: unknown[]) => link.call(method, args);
  }
  for (const event of EVENT_NAMES) {
    const n = event.slice(0, event.indexOf('.'));
    ns(n)[listenerKey(event)] = (listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${event}: listener must be a function`);
      return link.listen(event, listener);
    };
  }
  return api as unknown as GlassboxApi;
}

/** The shape of the API as plain names (`agent.send`, `agent.onEvent`, …), sorted. Tests compare it. */
export function contractSurface(): string[] {
  const names = [...METHOD_NAMES.map(String), ...EVENT_NAMES.map((e) => `${e.slice(0, e.indexOf('.'))}.${listenerKey(e)}`)];
  return names.sort();
}

/**
 * A client link over a message transport: numbers calls, matches results, fans out events.
 * Used by the web renderer (WebSocket), the preload (IPC) and tests (in-memory pair).
 */
export function createTransportLink(transport: ClientTransport): ClientLink & { dispose(): void } {
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const off = transport.onMessage((msg) => {
    if (msg.kind === 'result') {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.ok) p.resolve(msg.value);
      else p.reject(new BridgeError(msg.error.code, msg.error.message));
    } else if (msg.kind === 'event') {
      for (const l of [...(listeners.get(msg.name) ?? [])]) {
        try {
          l(msg.payload);
        } catch (err) {
          // A broken listener must not stop the others.
          console.error(`[glassbox] listener for ${msg.name} failed:`, err);
        }
      }
    }
  });
  const failAll = (): void => {
    for (const p of pending.values()) p.reject(new BridgeError('CLOSED', 'The connection to Glassbox closed.'));
    pending.clear();
  };
  const offClose = transport.onClose?.(failAll);
  return {
    call(method, args) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        try {
          transport.send({ kind: 'call', id, method, args });
        } catch (err) {
          pending.delete(id);
          reject(new BridgeError('CLOSED', (err as Error).message));
        }
      });
    },
    listen(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    dispose() {
      off();
      offClose?.();
      failAll();
    },
  };
}

/** Event types that are part of the core taxonomy, re-exported for UI filters. */
export type { EventType };
