import type { ToolCallInfo } from '../hooks/tool-hooks';

/** What the policy says about a call before anyone is asked. */
export interface PolicyVerdict {
  decision: 'allow' | 'ask' | 'deny';
  reasons: string[];
  /** The rule that decided, if any. */
  rule?: string;
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
