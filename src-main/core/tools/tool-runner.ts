import { randomUUID } from 'node:crypto';
import type { EventBus } from '../events/event-bus';
import type { CallOrigin, ToolSource } from '../../../src-shared/events/event-types';
import type { ToolHooks } from './tool-hooks';
import type { ToolCallInfo } from './tool';
import type { Escalation, HumanInputPort, ToolContext } from './tool';
import type { ToolCollection } from './tool-collection';
import { errorResult, fromResultRecord, toResultRecord, type ToolResult } from '../../../src-shared/events/tool-result';

/** Decides whether a call may run (policy + human approval). Built by the approvals module. */
export interface ApprovalGate {
  /** `escalation`: only when the human approved running this call outside the OS sandbox. */
  /** `grantedPaths`: real paths the approval let this call reach beyond what tools may touch unasked. */
  /** `waitMs`: how long a person was asked (from the request to the answer), when one was. */
  check(call: ToolCallInfo, signal: AbortSignal, meta?: { replayOf?: string; recordedApproval?: { decision: 'allow' | 'deny'; by: string } | null; origin?: 'user' }): Promise<({ allowed: true; escalation?: Escalation; grantedPaths?: string[] } | { allowed: false; reason: string }) & { waitMs?: number }>;
}

/** One call to run: args may be the model's raw JSON text or an object. */
export interface ToolCallRequest {
  callId?: string;
  tool: string;
  args: string | Record<string, unknown>;
  /** Set when this call re-runs a recorded one. */
  replayOf?: string;
  /** With `replayOf`: the approval recorded for the original call (the gate shows it and never widens it). */
  recordedApproval?: { decision: 'allow' | 'deny'; by: string } | null;
  /**
   * `user`: the user's own action from the window (undo, revert, replay, a tool called by hand).
   * Set only by host code for a click, never from model output: the gate does not put the
   * user's own choice back to them (a policy deny still holds, and a replay of a call that was
   * denied still asks), and the events record who acted.
   * `app`: an MCP App's view asked for it (set by host code from the view's `tools/call`): the
   * approval policy applies as to the model's calls, and only this origin (and the user) may
   * run a tool that is its app's own (`appOnly`).
   */
  origin?: CallOrigin;
  /** With origin `app`: the call whose card holds the view that asked. */
  viewOf?: string;
}

export interface ToolCallOutcome {
  callId: string;
  result: ToolResult;
  blocked: boolean;
  durationMs: number;
}

export interface ToolRunnerDeps {
  tools: ToolCollection;
  hooks: ToolHooks;
  workspace: string;
  home: string;
  bus?: EventBus;
  approvals?: ApprovalGate;
  humanInput?: HumanInputPort;
}

/** Parses the model's argument text; empty means `{}`. */
export function parseToolArgs(raw: string): { ok: true; args: unknown } | { ok: false; error: string } {
  if (raw.trim() === '') return { ok: true, args: {} };
  try {
    return { ok: true, args: JSON.parse(raw) };
  } catch (err) {
    return { ok: false, error: `malformed JSON arguments (${(err as Error).message}): ${raw.slice(0, 200)}` };
  }
}

/**
 * The one path every tool call takes — from the agent, `glassbox tools call`, the MCP server
 * and replay: parse → validate → before-hooks → approval → execute → after-hooks, with
 * `tool_execution_start/end` events around it. Never throws.
 */
export class ToolRunner {
  /** What tools get as `ctx.emit`: one function for every call, not a closure per call. */
  private readonly emitEvent: ToolContext['emit'];

  /** The workspace the calls run in (paths relative to it resolve there). */
  get workspace(): string {
    return this.deps.workspace;
  }

  constructor(private readonly deps: ToolRunnerDeps) {
    const bus = deps.bus;
    this.emitEvent = bus ? (e) => bus.emit(e) : undefined;
  }

  get tools(): ToolCollection {
    return this.deps.tools;
  }

  async run(req: ToolCallRequest, signal: AbortSignal = new AbortController().signal): Promise<ToolCallOutcome> {
    const callId = req.callId ?? `call_${randomUUID()}`;
    const started = Date.now();
    const tool = this.deps.tools.get(req.tool);
    const source: ToolSource = tool?.source ?? 'builtin';
    let args: unknown = req.args;
    let parseError: string | undefined;
    if (typeof req.args === 'string') {
      const parsed = parseToolArgs(req.args);
      if (parsed.ok) args = parsed.args;
      else parseError = parsed.error;
    }
    const bus = this.deps.bus;
    const origin = req.origin === 'user' ? ({ origin: 'user' } as const) : req.origin === 'app' ? ({ origin: 'app', ...(req.viewOf ? { viewOf: req.viewOf } : {}) } as const) : {};
    bus?.emit({ type: 'tool_execution_start', callId, tool: req.tool, args, source, ...(req.replayOf ? { replayOf: req.replayOf } : {}), ...origin });

    // The time the call waited for the user's approval: recorded apart, never as the tool's run time.
    let waitMs: number | undefined;
    const finish = (result: ToolResult, blocked = false): ToolCallOutcome => {
      const durationMs = Math.max(0, Date.now() - started - (waitMs ?? 0));
      bus?.emit({
        type: 'tool_execution_end',
        callId,
        tool: req.tool,
        result: toResultRecord(result),
        durationMs,
        ...(waitMs !== undefined ? { waitMs } : {}),
        ...(blocked ? { blocked: true } : {}),
        ...(req.replayOf ? { replayOf: req.replayOf } : {}),
        ...origin,
      });
      return { callId, result, blocked, durationMs };
    };

    if (parseError) return finish(errorResult(`Invalid arguments for ${req.tool}: ${parseError}`));
    // An app's own tool is not the model's: named by the model (or a replay of its call), it does not exist.
    if (tool?.appOnly && !req.origin) return finish(errorResult(`Unknown tool '${req.tool}': it belongs to an MCP App's view and is not offered to the model`));
    const checked = this.deps.tools.check(req.tool, args);
    if ('error' in checked) return finish(checked.error);
    const call: ToolCallInfo = { callId, tool: req.tool, args: checked.args, source };

    const hooks = this.deps.hooks;
    // Without hooks there is nothing to await (each await is another microtask turn per call).
    if (hooks.counts.before) {
      const before = await hooks.runBefore(call);
      if ('failed' in before) return finish(errorResult(before.error));
      if (before.blocked) return finish({ output: `[BLOCKED] ${before.reason}` }, true);
    }

    let escalation: Escalation | undefined;
    let grantedPaths: string[] | undefined;
    if (this.deps.approvals) {
      // A view's call is judged as the model's is (the user did not click it).
      const user = req.origin === 'user' ? ({ origin: 'user' } as const) : {};
      const meta = { ...(req.replayOf ? { replayOf: req.replayOf, recordedApproval: req.recordedApproval ?? null } : {}), ...user };
      const verdict = req.replayOf || req.origin === 'user' ? await this.deps.approvals.check(call, signal, meta) : await this.deps.approvals.check(call, signal);
      if (verdict.waitMs !== undefined) waitMs = verdict.waitMs;
      if (!verdict.allowed) return finish({ output: `[BLOCKED] ${verdict.reason}` }, true);
      escalation = verdict.escalation;
      grantedPaths = verdict.grantedPaths;
    }
    if (signal.aborted) return finish(errorResult('cancelled before it started'));

    let result = await this.deps.tools.invoke(checked.tool, checked.args, {
      signal,
      workspace: this.deps.workspace,
      home: this.deps.home,
      callId,
      sessionId: bus?.session,
      humanInput: this.deps.humanInput,
      emit: this.emitEvent,
      ...(escalation ? { escalation } : {}),
      ...(grantedPaths ? { grantedPaths } : {}),
    });

    if (!hooks.counts.after) return finish(result);
    const after = await hooks.runAfter(call, toResultRecord(result));
    if (after.error) result = { ...result, error: result.error ? `${result.error}\n${after.error}` : after.error };
    else if (after.override) {
      const o = after.override;
      const base = fromResultRecord(toResultRecord(result));
      result = o.isError
        ? { error: o.override, images: base.images, metadata: { ...base.metadata, overridden: true } }
        : { output: o.override, images: base.images, metadata: { ...base.metadata, overridden: true } };
    }
    return finish(result);
  }
}
