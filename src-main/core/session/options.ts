import type { ApprovalRule } from '../config/config';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { CachedStart } from '../mcp/client/manager';
import type { HostSignInOptions } from '../mcp/client/oauth/sign-in-options';
import type { HumanInputPort } from '../tools/tool';
import type { ApprovalGate } from '../tools/tool-runner';
import type { ApprovalPort } from '../approvals/types';
import type { LlmProvider } from '../llm/llm-types';
import type { TraceCarrier } from '../telemetry/trace-carrier';

/** Everything needed to build a session; ports come from the host (CLI, window, web). */
export interface SessionOptions {
  workspace?: string;
  env?: NodeJS.ProcessEnv;
  sessionId?: string;
  humanInput?: HumanInputPort;
  approvals?: ApprovalGate;
  /** Approval mode override (`--approve`); else config `approvals.mode`, else `defaultApproveMode`. */
  approveMode?: 'ask' | 'auto' | 'deny';
  /**
   * The mode when neither `approveMode` nor an `approvals` config section says: windows ask
   * (someone is there to answer); headless `tools call` runs unguarded unless `--approve`.
   */
  defaultApproveMode?: 'ask' | 'auto' | 'deny';
  /** Who answers approval requests (terminal prompt, UI queue); absent = `ask` denies with a clear reason. */
  approvalPort?: ApprovalPort;
  /** Said to the model when approval is needed and there is no port (e.g. "stdin is not a TTY"). */
  noApprovalPortReason?: string;
  /** Added to that denial: how to allow the call (given the rules that would allow it). */
  noApprovalPortHint?: (rules: ApprovalRule[], reasons: string[]) => string;
  /** Use this model instead of the configured one (tests, benchmarks). */
  provider?: LlmProvider;
  /** Continue the saved session `sessionId` (rebuild the conversation from its file). Default true when the file exists. */
  resume?: boolean;
  /**
   * The saved session's file as the caller already read it (the window's host reads it once to
   * show it): resumed from these instead of reading the file a second time.
   */
  savedFile?: { events: GlassboxEvent[]; warnings: string[] };
  /** Write the session file (default true). */
  record?: boolean;
  /**
   * Subscribed to every event from the start, so it sees the ones emitted while the session is
   * built (MCP status, extension logs). Gets them as they leave the process: secrets hidden.
   */
  onEvent?: (event: GlassboxEvent) => void;
  /** Skip MCP servers (e.g. `tools call` of a built-in) — set by hosts that do not need them. */
  withMcp?: boolean;
  /**
   * Which MCP servers are left unstarted when their tools are in the cache: `first-use` (default:
   * servers that start on first use, e.g. the browser) or `all` (`glassbox tools list`).
   */
  mcpCached?: CachedStart;
  /**
   * Return from `create` without waiting for MCP servers (the window hosts). They connect in the
   * background, their status events say how far they are, and a run waits for them before its
   * first model request, so the model sees every tool. Default false: headless commands wait.
   */
  mcpInBackground?: boolean;
  /** OAuth sign-in to remote MCP servers in this host: may it open a browser, how, where tokens live. */
  signIn?: HostSignInOptions;
  /** Load extensions at create (default true). */
  withExtensions?: boolean;
  /** Reload extensions when their files change (long-running hosts: app, web). */
  watchExtensions?: boolean;
  /** Take a checkpoint of the workspace around each turn (windows; config `checkpoints.enabled` can turn it off). */
  checkpoints?: boolean;
  /** The trace the runs continue (`glassbox run` in a traced job: `TRACEPARENT`); else the session's own. */
  parentTrace?: TraceCarrier;
  /** `glassbox run --max-usd N`: this session's spend limit, over config `limits.sessionUsd`. */
  maxUsd?: number;
  /** Ask the human (`humanInput`) for a new limit when one would be passed (windows); else the run stops with `budget`. */
  askAtSpendLimit?: boolean;
}
