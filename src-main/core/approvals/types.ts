import type { ChangePreview } from '../../../src-shared/events/change-preview';
import type { ToolCallInfo } from '../tools/tool';

/** What the policy says about a call before anyone is asked. */
export interface PolicyVerdict {
  decision: 'allow' | 'ask' | 'deny';
  reasons: string[];
  /** The rule that decided, if any. */
  rule?: string;
  /**
   * Set on an `ask` whose approval lets this one call run outside the OS sandbox: what the
   * sandbox forbids that the command needs ("writes outside the workspace: /x").
   */
  escalation?: { reasons: string[] };
  /** Set on an `ask` for a command the classifier calls dangerous: the UI makes Deny its default. */
  dangerous?: true;
  /**
   * Set on an editor call that reaches beyond what tools may touch unasked (a hidden folder,
   * outside the workspace, a guarded folder): the real paths judged. When the call is allowed
   * (a human's yes, an allow rule) the editor may reach exactly these for this one call.
   */
  grant?: { paths: string[] };
}

/** What the OS sandbox confines for bash and python_execute right now. */
export interface SandboxState {
  /** True when commands really run confined. False = unsandboxed (every non-read-only command asks). */
  active: boolean;
  /** The configured `sandbox.mode`. */
  mode: 'workspace-write' | 'read-only' | 'off';
  /** Whether the sandbox lets commands use the network. */
  network: boolean;
  /** Paths writable besides the workspace: writableRoots and the private temp dir where it is seen (`/tmp`). */
  writableRoots: string[];
  /** Paths inside those that are read-only all the same (the machine's /tmp entries shown in the private /tmp). */
  readOnlyRoots?: string[];
}

/** The human's (or the policy's) decision on a call, as a session file recorded it. */
export interface RecordedApproval {
  decision: 'allow' | 'deny';
  by: string;
}

/** Decides, deterministically and outside the model, whether a call may run. */
export interface ApprovalPolicy {
  evaluate(call: ToolCallInfo, workspace: string): PolicyVerdict;
}

/** A request shown to the human; bound to the exact call by id and argument hash. */
export interface ApprovalRequest {
  requestId: string;
  callId: string;
  tool: string;
  args: Record<string, unknown>;
  argsHash: string;
  reasons: string[];
  /** Set when approving lets the call run outside the OS sandbox. */
  escalation?: { reasons: string[] };
  /** The classifier calls the command dangerous: a UI makes Deny the default and Allow deliberate. */
  dangerous?: true;
  /** What an editor call would change (nothing written yet). */
  preview?: ChangePreview;
}

/** The human's answer. `always` adds an allow rule for this tool/pattern. */
export interface ApprovalAnswer {
  decision: 'allow' | 'deny';
  always?: boolean;
  by: string;
}

/** Asks the human to approve a call (CLI prompt, window dialog). Rejects or denies on abort. */
export interface ApprovalPort {
  request(req: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalAnswer>;
}
