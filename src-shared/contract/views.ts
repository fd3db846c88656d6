/**
 * The view types of the bridge contract: what methods return and events carry (agent state,
 * sessions, calls, dialogs, settings, notices). Pure TypeScript: main, preload and renderer
 * import them alike. The workbench panes' views are in workbench-views.ts.
 */
import { z } from 'zod';
import { GlobSchema } from '../text/glob';
import type { ChangePreview } from '../events/change-preview';
import type { GlassboxEvent, ToolSource } from '../events/event-types';
import type { ToolResultRecord } from '../events/tool-result';
import type { McpTaskState } from '../events/mcp-task';
import type { ChatItem } from '../read-models/chat-items';

/** Whether the agent of the open session is working. */
export interface AgentState {
  sessionId: string;
  running: boolean;
  /** The task being worked on, when running. */
  task?: string;
  /** The last run's end, if any. */
  lastEnd?: { reason: 'finished' | 'max_steps' | 'cancelled' | 'error' | 'budget'; error?: string };
  /** Whether bash and python_execute run confined; `active: false` is the "unsandboxed" badge. */
  sandbox?: SandboxBadge;
  /** The model this session's next run uses (its switched model, else the configured one); absent when none is configured. */
  model?: { provider: string; model: string; switched?: boolean };
  /** The session's OpenTelemetry trace, when export is on or a trace link is configured. */
  trace?: TraceBadge;
  /** Messages typed during the run, waiting for its next model request (oldest first). */
  queued?: Array<{ id: string; text: string }>;
  /** *Stop after this step* was asked for the running run. */
  stopAfterStep?: boolean;
  /** Spend so far and the limits in force (the header's meter). */
  spend?: SpendView;
}

/** What the header's spend meter shows (the `spend_status` event's fields). */
export interface SpendView {
  /** This session's known cost in USD. */
  sessionUsd: number;
  /** Its turns whose model has no price (unknown, not $0). */
  unpricedTurns: number;
  /** Today's spend across every session (with a daily limit). */
  dayUsd?: number;
  limits: { sessionUsd?: number; dailyUsd?: number; warnAt: number };
}

/** A session's trace as the window shows it: its id, the link to the team's backend, what export lost. */
export interface TraceBadge {
  traceId: string;
  /** `telemetry.traceUrl` with the id filled in. */
  url?: string;
  /** Spans are being exported now. */
  exporting: boolean;
  /** Spans dropped because the collector did not keep up, and spans it refused, in this process. */
  dropped: number;
  failed: number;
}

/** The OS sandbox of the session's shell and Python, as the window shows it. */
export interface SandboxBadge {
  /** False: commands run unsandboxed (`reason` says why). */
  active: boolean;
  mode: 'workspace-write' | 'read-only' | 'off';
  network: boolean;
  backend: 'bwrap' | 'seatbelt' | 'none';
  reason?: string;
}

/** A saved session as the sidebar lists it. */
export interface SessionSummary {
  id: string;
  title: string;
  /** ms since epoch of the first and last event. */
  createdAt: number;
  updatedAt: number;
  eventCount: number;
  /** A fork: the session it was forked from and the seq forked at. */
  parent?: string;
  forkedAt?: number;
  /** Set when the session is open in this host (in any window or tab): what it is doing now. */
  live?: SessionLiveState;
}

/** An open session's state as the sidebar shows it: needs-you means a dialog waits for the human. */
export type SessionLiveState = 'idle' | 'running' | 'needs-you' | 'finished' | 'failed' | 'cancelled';

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
   * rows and calls the whole session has. The window then asks for the whole view. `estimated`:
   * the counts are an estimate (a long session's first screen read from the end of its file
   * before the session was opened).
   */
  tail?: { rows: number; calls: number; estimated?: boolean };
}

/** Rows in a first view of a session (a few screens): what a window paints before the rest arrives. */
export const FIRST_SCREEN_ROWS = 200;

/** Every status of a tool call as the UI shows it. */
export const CALL_STATUSES = ['running', 'awaiting_approval', 'ok', 'error', 'blocked', 'denied'] as const;
/** Status of a tool call as the UI shows it. */
export type CallStatus = (typeof CALL_STATUSES)[number];

/** One tool call in a list. */
export interface CallSummary {
  callId: string;
  tool: string;
  source: ToolSource;
  status: CallStatus;
  startedAt: number;
  /** The tool's own run time (ms), without the approval wait. */
  durationMs?: number;
  /** How long the call waited for an approval decision (ms), when one was asked. */
  waitMs?: number;
}

/** Everything known about one call, for the inspector. */
export interface CallDetail extends CallSummary {
  args: unknown;
  result?: ToolResultRecord;
  updates: Array<{ kind: 'progress' | 'log'; progress?: number; total?: number; message?: string; level?: string; ts: number }>;
  /** Set when the call runs as an MCP task: the task as last seen. */
  task?: McpTaskState;
  /** When Glassbox first saw the task (ms since epoch, Glassbox's clock): the start of its time to live. */
  taskSince?: number;
  /** Raw MCP JSON-RPC request/response for MCP calls. */
  mcpTraffic?: { server: string; request: unknown; response: unknown };
  approval?: { requestId: string; decision?: 'allow' | 'deny'; by?: string; reasons?: string[]; askedAt?: number; answeredAt?: number };
  replayOf?: string;
  /**
   * `user`: the user ran it from the window (undo, revert, replay, by hand), not the model.
   * `app`: an MCP App's view called it (`viewOf`: the call whose card holds the view).
   */
  origin?: 'user' | 'app';
  viewOf?: string;
}

/** Filter for `calls.list` (an argument the window sends); every field narrows. */
export const CallFilterSchema = z.object({
  tool: z.string().optional(),
  source: z.string().optional(),
  status: z.enum(CALL_STATUSES).optional(),
  text: z.string().optional(),
});
/** Filter for `calls.list`; every field narrows. */
export type CallFilter = z.infer<typeof CallFilterSchema>;

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
      /** Set when approving lets the call run outside the OS sandbox: what the sandbox would stop. */
      escalation?: { reasons: string[] };
      /** The classifier calls the command dangerous: Deny is the default and Allow takes a second, deliberate press. */
      dangerous?: true;
      /** What an editor call would change, computed from the file (nothing written yet). */
      preview?: ChangePreview;
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
      /** What the server asks for when it is not a plain form: a page to open, a model request, the model's answer. */
      mcp?: McpDialogRequest;
      ts: number;
    };

/**
 * The MCP request behind an elicitation dialog: a form (`elicitation`), a page to open after
 * the user agrees (`elicitation-url`), a sampling request to approve before it reaches the
 * model (`sampling`: messages, system prompt, tools, max tokens), or the model's answer to
 * approve before it goes back (`sampling-result`, with its cost when known).
 */
export interface McpDialogRequest {
  kind: 'elicitation' | 'elicitation-url' | 'sampling' | 'sampling-result';
  /** The tool call the request belongs to. */
  callId?: string;
  url?: string;
  /** The server's sampling request as sent. */
  request?: unknown;
  /** The model's answer, as it would go back to the server. */
  result?: unknown;
  /** What the answer cost (USD; null when the model's price is unknown) and its tokens. */
  cost?: { usd: number | null; inputTokens?: number; outputTokens?: number };
}

/** An approval rule as settings show and edit it (the window sends it back in a settings patch). */
export const ApprovalRuleViewSchema = z.object({
  tool: GlobSchema.pipe(z.string().min(1)),
  match: GlobSchema.optional(),
  decision: z.enum(['allow', 'ask', 'deny']),
});
/** An approval rule as settings show and edit it. */
export type ApprovalRuleView = z.infer<typeof ApprovalRuleViewSchema>;

/** Settings as the renderer sees them. The API key is write-only: only whether one is set. */
export interface SettingsView {
  provider: 'openai' | 'anthropic';
  model: string;
  baseURL: string;
  apiKeySet: boolean;
  approvalMode: 'ask' | 'auto' | 'deny';
  approvalRules: ApprovalRuleView[];
  /**
   * Reasoning for this model as configured: '' (the provider's default), 'off', 'low', 'medium',
   * 'high' or a token budget ('8000'). `thinkingFromEnv`: GLASSBOX_LLM_THINKING overrides it.
   */
  thinking: string;
  thinkingFromEnv?: boolean;
  /** OpenAI only: which API (auto: Responses for api.openai.com, chat completions elsewhere). */
  api: 'auto' | 'responses' | 'chat';
  /** OpenTelemetry export (config `telemetry`); absent from hosts that predate it. */
  telemetry?: TelemetrySettingsView;
  /** Spend limits (config `limits`); absent from hosts that predate them. */
  limits?: SpendLimitsView;
}

/** The `limits` settings: USD per session and per day (null: none), and the warning share (0–1]. */
export interface SpendLimitsView {
  sessionUsd: number | null;
  dailyUsd: number | null;
  warnAt: number;
}

/** A spend limit as the window sends it: a positive amount in USD, or null (no limit). */
function usdLimit(field: string) {
  const error = `${field} must be an amount in US dollars above 0 (or empty for no limit).`;
  return z.number({ error }).positive({ error }).max(1_000_000, { error }).nullable().optional();
}

/** A change to the `limits` settings (what the window may send); null removes a limit. */
export const SpendLimitsPatchSchema = z.strictObject({
  sessionUsd: usdLimit('Per session'),
  dailyUsd: usdLimit('Per day'),
  warnAt: z
    .number({ error: 'Warn at must be a share above 0 and at most 1 (e.g. 0.8 for 80%).' })
    .gt(0, { error: 'Warn at must be a share above 0 and at most 1 (e.g. 0.8 for 80%).' })
    .max(1, { error: 'Warn at must be a share above 0 and at most 1 (e.g. 0.8 for 80%).' })
    .optional(),
});
/** A change to the `limits` settings. */
export type SpendLimitsPatch = z.infer<typeof SpendLimitsPatchSchema>;

/** The `telemetry` settings as the window shows them: header values are write-only (names only). */
export interface TelemetrySettingsView {
  /** The collector (config `telemetry.otlp.endpoint`); '' when export is off. */
  endpoint: string;
  protocol: 'http/protobuf' | 'http/json' | 'grpc';
  /** Names of the headers set; their values never leave the host. */
  headerNames: string[];
  captureContent: boolean;
  /** Link template with `{traceId}`; '' for none. */
  traceUrl: string;
  /** True when OTEL_EXPORTER_OTLP_* variables are set: they win over these settings. */
  envOverrides: boolean;
}

/** Whether `text` is an http or https URL. */
function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An HTTP header name (RFC 9110 token): a line break in one would smuggle another header into every export. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A change to the `telemetry` settings. `headers` replaces every header when given; '' removes a field. */
export const TelemetrySettingsPatchSchema = z.strictObject({
  endpoint: z
    .string()
    .refine((u) => u === '' || isHttpUrl(u), 'must be an http or https URL (or empty: export off)')
    .optional(),
  protocol: z.enum(['http/protobuf', 'http/json', 'grpc']).optional(),
  headers: z
    .record(
      z.string().regex(HEADER_NAME, 'is not a valid HTTP header name'),
      z.string().refine((v) => !/[\r\n\0]/.test(v), 'must be one line of text'),
    )
    .optional(),
  captureContent: z.boolean().optional(),
  traceUrl: z
    .string()
    .refine((u) => u === '' || (/^https?:\/\//i.test(u) && u.includes('{traceId}')), 'must be an http(s) URL containing {traceId} (or empty)')
    .optional(),
});
/** A change to the `telemetry` settings. */
export type TelemetrySettingsPatch = z.infer<typeof TelemetrySettingsPatchSchema>;

/** What Test connection found: the server's models, or what went wrong (the key is never in it). */
export type ModelConnectionResult = { ok: true; endpoint: string; models: string[] } | { ok: false; endpoint?: string; error: string };

/**
 * A settings change (`settings.set`, `settings.testConnection`). `apiKey: ''` clears the stored
 * key; absent leaves it as it is. `thinking`: reasoning for the model being saved (`model`, else
 * the configured one); '' returns it to the default. Unknown keys are refused.
 */
export const SettingsPatchSchema = z.strictObject({
  provider: z.enum(['openai', 'anthropic']).optional(),
  model: z.string().optional(),
  baseURL: z
    .string()
    .refine((u) => u === '' || isHttpUrl(u), 'must be an http or https URL (or empty)')
    .optional(),
  apiKey: z.string().optional(),
  approvalMode: z.enum(['ask', 'auto', 'deny']).optional(),
  approvalRules: z.array(ApprovalRuleViewSchema).optional(),
  telemetry: TelemetrySettingsPatchSchema.optional(),
  limits: SpendLimitsPatchSchema.optional(),
  thinking: z
    .string()
    .regex(/^(|off|low|medium|high|\d{1,7})$/, 'must be off, low, medium, high or a token budget (or empty)')
    .optional(),
  api: z.enum(['auto', 'responses', 'chat']).optional(),
});
/** A settings change. */
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

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

/** The answer of a method that has nothing else to say. */
export type Ok = { ok: true };
