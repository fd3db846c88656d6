/**
 * View types of the workbench panes (edits, terminal, MCP servers, extensions) shared by the
 * bridge host and the renderer; what the page sends back (a server's config) as a zod schema.
 * Replay and timeline types are in replay.ts.
 */
import { z } from 'zod';

/** One `str_replace_editor` change, as the diff pane shows it. */
export interface EditRecord {
  /** The tool call that made the change. */
  callId: string;
  /** Seq of its `tool_execution_end` event (orders edits across files). */
  seq: number;
  ts: number;
  /** Absolute path of the file. */
  path: string;
  /** The editor command: `create`, `str_replace`, `insert` or `undo_edit`. */
  command: string;
  /** File text before the change ('' for a create). */
  before: string;
  /** File text after the change ('' when an undo removed a created file). */
  after: string;
  /** True when the file was too big for the tool to ship its text (no diff to show). */
  tooLarge?: boolean;
}

/** Who may type into the agent's terminal. */
export type TerminalOwner = 'agent' | 'user';

/** What the terminal pane shows about the pty. */
export interface TerminalState {
  /** `user` after take-over, until the user gives it back. */
  owner: TerminalOwner;
  /** True while the agent's bash tool runs a command. */
  busy: boolean;
  /** False until the shell is started (the first bash call or an attach starts it). */
  alive: boolean;
  /** Characters of user input held because a command is running. */
  held: number;
}

/** Answer to `terminal.attach`: the scrollback so far and the state. */
export interface TerminalAttachment {
  recent: string;
  state: TerminalState;
}

/** Result of a terminal action the host may refuse. */
export type TerminalActionResult = { ok: true; state: TerminalState } | { ok: false; reason: string; state: TerminalState };

/** One env/header entry as the renderer sees it: secret values never leave the host. */
export interface MaskedEntry {
  key: string;
  /** The value, or null when it is a secret the host keeps. */
  value: string | null;
  /** True when `value` was withheld. Sending the entry back with value null keeps the secret. */
  masked: boolean;
}

/** A server's config with env values and header values masked. */
export interface MaskedServerConfig {
  type?: string;
  command?: string;
  args?: string[];
  cwd?: string;
  url?: string;
  env: MaskedEntry[];
  headers: MaskedEntry[];
  disabled: boolean;
  timeoutMs?: number;
  prefix?: boolean;
  includeInstructions: boolean;
  disabledTools: string[];
  /** The MCP Registry entry it was installed from (name and pinned version). */
  registry?: { name: string; version: string };
}

/** One env variable or header of a server as the page sends it: value null keeps the stored secret. */
const KeyValueInputSchema = z.object({ key: z.string(), value: z.string().nullable() });

/** A server's config as the page sends it back (add / edit). Entries with value null keep the stored secret. */
export const ServerConfigInputSchema = z.object({
  type: z.string().optional(),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  env: z.array(KeyValueInputSchema).optional(),
  headers: z.array(KeyValueInputSchema).optional(),
  timeoutMs: z.number().positive().optional(),
  prefix: z.boolean().optional(),
  includeInstructions: z.boolean().optional(),
  disabled: z.boolean().optional(),
});
/** A server's config as the page sends it back. */
export type ServerConfigInput = z.infer<typeof ServerConfigInputSchema>;

/** One tool of an MCP server. */
export interface McpToolView {
  /** The name the agent sees (`mcp_<server>_<tool>`). */
  name: string;
  /** The server's own name for it. */
  originalName: string;
  description: string;
  inputSchema: Record<string, unknown>;
  enabled: boolean;
  /** False when another tool already had the name (first wins) or the tool is off. */
  registered: boolean;
}

/** Status of one MCP server for the servers page. */
export interface McpServerView {
  id: string;
  status: 'connecting' | 'connected' | 'error' | 'disconnected' | 'disabled' | 'needs-sign-in';
  transport: string;
  /** The MCP revision in use while connected (`2026-07-28`, `2025-11-25`, …). */
  protocolVersion?: string;
  /** The lowest log level asked of the server (config `logLevel`); absent: the server's default. */
  logLevel?: string;
  disabled: boolean;
  /** The default browser server Glassbox adds itself (remove switches it off). */
  builtIn: boolean;
  /** `first-use`: started when one of its tools is first needed (until then its tools come from its cached listing). */
  startOn?: 'first-use';
  toolCount: number;
  lastError?: string;
  /** The explanation of a failed connection (command not found, exit code, HTTP status…). */
  whyFailed?: string;
  stderrTail: string[];
  tools: McpToolView[];
  instructions?: string;
  includeInstructions: boolean;
  config: MaskedServerConfig;
  /** OAuth sign-in of a remote server; absent for stdio servers and ones with their own Authorization header. */
  signIn?: McpSignInView;
}

/** Who is signed in to a remote MCP server (never a token). */
export interface McpSignInView {
  signedIn: boolean;
  /** The account (email, user name…) when the authorization server said. */
  account?: string;
  /** The authorization server that issued the tokens. */
  issuer?: string;
  scope?: string;
  /** When the access token runs out (ms since the epoch); it is refreshed then. */
  expiresAt?: number;
}

/** The MCP page's snapshot: every server and exactly what the model receives from them. */
export interface McpSnapshot {
  /** The session whose connections these are (each session has its own): the pane tells a snapshot of the session it is leaving from one of the session it shows. */
  session?: string;
  servers: McpServerView[];
  /** The system messages built from server instructions, exactly as the model gets them. */
  instructionsForModel: string[];
}

/** Result of an MCP page action. */
/** An MCP pane action's answer: the new snapshot, and what went wrong or (`note`) what the user should know. */
export type McpActionResult = { ok: true; snapshot: McpSnapshot; note?: string } | { ok: false; error: string; snapshot: McpSnapshot };

/** One extension on the extensions page. */
export interface ExtensionView {
  name: string;
  version: string;
  description?: string;
  /** The extension's folder (absolute). */
  folder: string;
  /** `user` ($GLASSBOX_HOME) or `workspace`. */
  origin: string;
  status: 'loaded' | 'failed';
  /** Why it failed to load. */
  reason?: string;
  /** Runtime failures of its handlers and hooks since it loaded. */
  errors: string[];
  registered: {
    tools: string[];
    /** Tools refused because another source already had the name. */
    rejectedTools: { name: string; keptBy: string }[];
    beforeHooks: number;
    afterHooks: number;
    /** Event types subscribed to, one entry per subscription. */
    subscriptions: string[];
  };
}
