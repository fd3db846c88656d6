import { randomUUID } from 'node:crypto';
import type { ApprovalRule } from '../config/config';
import type { EventBus } from '../events/event-bus';
import type { ToolCallInfo } from '../tools/tool';
import type { ApprovalGate } from '../tools/tool-runner';
import { evaluatePolicy, type ApprovalMode, type ClassifyContext, type CommandVerdict } from './policy';
import { escapeGlob, isShellCall, matchTargets } from './rule-matching';
import type { ApprovalAnswer, ApprovalPort, ApprovalRequest, RecordedApproval, SandboxState } from './types';
import type { ChangePreview } from '../../../src-shared/events/change-preview';

/** The bash session's state after its last command (what the classifier must not guess). */
export interface ShellState {
  cwd?: string;
  aliases: string[];
  functions: string[];
}

/** What the tool runner tells the gate about a call besides the call itself. */
export interface CallMeta {
  /** Set when the call re-runs a recorded one. */
  replayOf?: string;
  /** The decision recorded for the original call (null: none was recorded). */
  recordedApproval?: RecordedApproval | null;
  /** `user`: the user's own action from the window (set by the host, never by the model). */
  origin?: 'user';
}
import { hashArgs } from './args-hash';

/** Default time a human has to answer before the request counts as denied. */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 5 * 60_000;

/** The policy's inputs and who to ask. */
export interface PolicyApprovalGateOptions {
  mode: ApprovalMode;
  rules?: ApprovalRule[];
  workspace: string;
  /** Who answers `ask`; absent = nobody, so `ask` becomes deny with a clear reason. */
  port?: ApprovalPort;
  bus?: EventBus;
  timeoutMs?: number;
  /** True when the named tool only reads. */
  isReadOnly?: (tool: string) => boolean;
  /** The change an editor call would make, shown with the request (a failure shows none). */
  preview?: (call: ToolCallInfo) => Promise<ChangePreview | null>;
  classify?: (command: string, workspace: string, ctx?: ClassifyContext) => CommandVerdict;
  /** The OS sandbox's state; absent = no sandbox (every non-read-only bash/python call asks). */
  sandbox?: () => SandboxState;
  /** Folders no tool may read unasked besides the home folder's credentials (e.g. $GLASSBOX_HOME). */
  privatePaths?: string[];
  /** The bash session's cwd and the names it defined, after its last command. */
  shellState?: () => ShellState | undefined;
  /**
   * Awaited before the first bash command is classified (loads the grammar on demand, so
   * sessions that never check a command do not pay for it). A failure leaves `classify` to
   * report why (the verdict becomes `unknown`).
   */
  prepareClassify?: () => Promise<void>;
  /** Called when the human answers "always": the new allow rule (hosts may persist it). */
  onAlwaysAllow?: (rule: ApprovalRule) => void;
  /** What to tell the model when nobody can be asked. */
  noPortReason?: string;
  /**
   * Added to that denial: how to allow the call anyway, given the rules that would (the same
   * rules an "always" answer adds) and why approval was needed.
   */
  noPortHint?: (rules: ApprovalRule[], reasons: string[]) => string;
}

/**
 * The ToolRunner's approval gate: evaluates the policy and, when it says `ask`, asks the human
 * port. The decision is bound to the call id and the hash of the exact arguments; it can only
 * come from the port (tools and MCP output never reach here), and a request left unanswered
 * times out as deny. Emits approval_requested / approval_resolved.
 */
export class PolicyApprovalGate implements ApprovalGate {
  private readonly rules: ApprovalRule[];
  /**
   * The decisions this gate made, by call id (the newest few thousand): a replay of a call of
   * this session whose record does not carry its approval (the window's call index) still
   * shows it and never widens it.
   */
  private readonly decided = new Map<string, RecordedApproval>();

  constructor(private readonly opts: PolicyApprovalGateOptions) {
    this.rules = [...(opts.rules ?? [])];
  }

  get mode(): ApprovalMode {
    return this.opts.mode;
  }

  /** Rules in force, including ones added by "always" answers. */
  currentRules(): ApprovalRule[] {
    return [...this.rules];
  }

  async check(call: ToolCallInfo, signal: AbortSignal, meta: CallMeta = {}): Promise<({ allowed: true; escalation?: { reasons: string[] }; grantedPaths?: string[] } | { allowed: false; reason: string }) & { waitMs?: number }> {
    if (this.opts.prepareClassify && isShellCall(call)) {
      await this.opts.prepareClassify().catch(() => undefined);
    }
    const shell = this.opts.shellState?.();
    const verdict = evaluatePolicy({
      call,
      workspace: this.opts.workspace,
      mode: this.opts.mode,
      rules: this.rules,
      readOnly: this.opts.isReadOnly?.(call.tool) ?? false,
      classify: this.opts.classify,
      shell: shell ? { cwd: shell.cwd, names: [...shell.aliases, ...shell.functions] } : undefined,
      sandbox: this.opts.sandbox?.(),
      privatePaths: this.opts.privatePaths,
      replay: meta.replayOf ? { of: meta.replayOf, recorded: meta.recordedApproval ?? this.decided.get(meta.replayOf) ?? null } : undefined,
    });
    // What an allowed editor call may reach beyond its confinement: the paths the policy judged.
    const granted = verdict.grant ? { grantedPaths: verdict.grant.paths } : {};
    if (verdict.decision === 'allow') return { allowed: true, ...granted };
    if (verdict.decision === 'deny') {
      this.remember(call.callId, { decision: 'deny', by: 'policy' });
      return { allowed: false, reason: `Denied by the approval policy: ${verdict.reasons.join('; ')}` };
    }
    // The user's own click is their answer: not asked again, and it runs confined (never an
    // escalation out of the sandbox). A replay of a call that was denied still asks, showing
    // the recorded decision, so a replay never turns a no into a yes unseen.
    const recorded = meta.replayOf ? (meta.recordedApproval ?? this.decided.get(meta.replayOf) ?? null) : null;
    if (meta.origin === 'user' && recorded?.decision !== 'deny') {
      this.remember(call.callId, { decision: 'allow', by: 'user' });
      return { allowed: true, ...granted };
    }

    const argsHash = hashArgs(call.args);
    const preview = this.opts.port && this.opts.preview ? await this.opts.preview(call).catch(() => null) : null;
    const req: ApprovalRequest = {
      requestId: `apr_${randomUUID()}`,
      callId: call.callId,
      tool: call.tool,
      args: call.args,
      argsHash,
      reasons: verdict.reasons,
      ...(verdict.escalation ? { escalation: verdict.escalation } : {}),
      ...(verdict.dangerous ? { dangerous: true as const } : {}),
      ...(preview ? { preview } : {}),
    };
    const bus = this.opts.bus;
    // From the request to its answer: the call's wait, recorded apart from its run time.
    const askedAt = Date.now();
    bus?.emit({
      type: 'approval_requested',
      requestId: req.requestId,
      callId: call.callId,
      tool: call.tool,
      args: call.args,
      reasons: verdict.reasons,
      ...(verdict.escalation ? { escalation: verdict.escalation } : {}),
      ...(verdict.dangerous ? { dangerous: true } : {}),
    });
    const resolved = (decision: 'allow' | 'deny', by: string): void => {
      this.remember(call.callId, { decision, by });
      bus?.emit({ type: 'approval_resolved', requestId: req.requestId, callId: call.callId, decision, by });
    };

    if (!this.opts.port) {
      resolved('deny', 'no-port');
      const reason = this.opts.noPortReason ?? `Approval needed (${verdict.reasons.join('; ')}) but no one can answer; denied.`;
      const hint = this.opts.noPortHint?.(this.alwaysRules(call, shell), verdict.reasons);
      return { allowed: false, reason: hint ? `${reason} ${hint}` : reason };
    }
    const answer = await this.ask(req, signal);
    const waitMs = Date.now() - askedAt;
    if (answer.decision === 'allow' && hashArgs(call.args) !== argsHash) {
      // The approval was for other arguments: never run something the human did not see.
      resolved('deny', 'args-changed');
      return { allowed: false, reason: 'Denied: the arguments changed after approval was requested.', waitMs };
    }
    // The standing rule is in place (and persisted by the host) before approval_resolved is
    // emitted, so whoever reacts to that event already sees it.
    if (answer.decision === 'allow' && answer.always) {
      for (const rule of this.alwaysRules(call, shell)) {
        this.rules.push(rule);
        this.opts.onAlwaysAllow?.(rule);
      }
    }
    resolved(answer.decision, answer.by);
    if (answer.decision === 'deny') {
      const reason =
        answer.by === 'timeout'
          ? 'Denied: no answer to the approval request in time.'
          : answer.by === 'cancelled'
            ? 'Denied: the run was cancelled while waiting for approval.'
            : answer.by.startsWith('error: ')
              ? `Denied: could not ask for approval (${answer.by.slice(7)}).`
              : `Denied by ${answer.by === 'human' ? 'the user' : answer.by}.`;
      return { allowed: false, reason, waitMs };
    }
    // Only a human's yes to a request that said so lets the call leave the sandbox.
    return verdict.escalation ? { allowed: true, escalation: verdict.escalation, ...granted, waitMs } : { allowed: true, ...granted, waitMs };
  }

  /**
   * The standing rules an "always" answer adds: for bash one per simple command that is not
   * read-only (rules match per simple command, so a rule for the whole line would never
   * match); for other tools the path or arguments.
   */
  private alwaysRules(call: ToolCallInfo, shell: ShellState | undefined): ApprovalRule[] {
    if (!isShellCall(call)) return [{ tool: call.tool, match: escapeGlob(matchTargets(call, this.opts.workspace)[0] ?? ''), decision: 'allow' }];
    let parts: CommandVerdict['commands'];
    try {
      parts = this.opts.classify?.(call.args.command as string, this.opts.workspace, { cwd: shell?.cwd, shellNames: shell ? [...shell.aliases, ...shell.functions] : [] }).commands;
    } catch {
      parts = undefined;
    }
    const texts = [...new Set((parts ?? []).filter((p) => p.risk !== 'safe' && p.text !== null).map((p) => p.text as string))];
    return texts.map((t) => ({ tool: call.tool, match: escapeGlob(t), decision: 'allow' as const }));
  }

  private remember(callId: string, a: RecordedApproval): void {
    this.decided.delete(callId);
    this.decided.set(callId, a);
    if (this.decided.size > 5000) this.decided.delete(this.decided.keys().next().value as string);
  }

  private async ask(req: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> {
    const port = this.opts.port as ApprovalPort;
    const ctrl = new AbortController();
    const onAbort = (): void => ctrl.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<ApprovalAnswer>((resolve) => {
      timer = setTimeout(() => {
        ctrl.abort(new Error('approval timed out'));
        resolve({ decision: 'deny', by: 'timeout' });
      }, this.opts.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS);
    });
    const cancelled = new Promise<ApprovalAnswer>((resolve) => {
      if (signal.aborted) resolve({ decision: 'deny', by: 'cancelled' });
      ctrl.signal.addEventListener('abort', () => resolve({ decision: 'deny', by: signal.aborted ? 'cancelled' : 'timeout' }), { once: true });
    });
    try {
      const answered = port.request(req, ctrl.signal).then(
        (a) => (a && (a.decision === 'allow' || a.decision === 'deny') ? a : ({ decision: 'deny', by: 'invalid-answer' } as ApprovalAnswer)),
        (err: unknown) => ({ decision: 'deny', by: ctrl.signal.aborted ? (signal.aborted ? 'cancelled' : 'timeout') : `error: ${(err as Error)?.message ?? String(err)}` }) as ApprovalAnswer,
      );
      return await Promise.race([answered, timeout, cancelled]);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }
}
