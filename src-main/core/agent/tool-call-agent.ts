import { randomUUID } from 'node:crypto';
import type { RecordedWire, ToolCallRecord } from '../../../src-shared/events/event-types';
import { addUsage, emptyTotals } from '../../../src-shared/events/model-usage';
import { isAbortError, LlmError, type ChatMessage, type LlmTurn } from '../llm/llm-types';
import { estimateTokens, requestChars, turnUsage } from '../llm/turn-usage';
import { isErrorResult, resultToModelText, type ToolResult } from '../../../src-shared/events/tool-result';
import type { ToolCallOutcome } from '../tools/tool-runner';
import { clipObservation, DEFAULT_MAX_OBSERVATION_CHARS } from './clip-observation';
import { contextBreakdown, contextWindowOf } from './context-breakdown';
import { STUCK_NUDGE, StuckDetector } from './stuck-detector';
import { sendableMessages } from './sendable-messages';
import { DEFAULT_MAX_STEPS, type AgentEndReason, type AgentRunOptions, type AgentRunResult, type PresetAnswer, type ToolCallAgentOptions } from './run-options';
import { runCallBatches } from './call-batches';
import { streamModelTurn } from './model-stream';
import { cutOffError, isContextOverflow, isCutOff, refusalOf } from './stop-reasons';

type Role = 'user' | 'assistant' | 'system' | 'tool';

/**
 * The think → act loop. Think: stream the model's turn with the tool schemas. Act: run its tool
 * calls in the order given (consecutive read-only tools concurrently, results kept in order),
 * answering every call id whatever happens. Ends on `terminate` (a result with
 * `metadata.terminate`), a turn without tool calls, max steps, cancel or a model error. Emits
 * the event types of docs/agent.md for what it does. The conversation (`messages`) lives on across
 * runs, so a session continues turn after turn.
 */
export class ToolCallAgent {
  /** The conversation, without the system prompt. */
  messages: ChatMessage[] = [];
  private readonly pendingNotes: string[] = [];
  private readonly unsubscribe: () => void;
  private lastRequestIndex = 0;
  /** Wire messages already recorded with an earlier turn (each turn records only the new ones). */
  private wireMessages = 0;
  private requested = false;

  constructor(private readonly opts: ToolCallAgentOptions) {
    this.unsubscribe = opts.bus.subscribe('mcp_tools_changed', (e) => {
      // Before the first request the model has seen no tool list yet: it gets the current one.
      if (!this.requested) return;
      if (e.added.length) this.pendingNotes.push(`New tools available (from MCP server ${e.server}): ${e.added.join(', ')}`);
      if (e.removed.length) this.pendingNotes.push(`Tools no longer available (from MCP server ${e.server}): ${e.removed.join(', ')}`);
    });
  }

  /**
   * Replaces the conversation (a restore to a checkpoint's turn). The next request is recorded
   * whole, since what the previous one held is no longer a prefix of it.
   */
  replaceConversation(messages: ChatMessage[]): void {
    this.messages = messages;
    this.lastRequestIndex = 0;
    this.wireMessages = 0;
  }

  /** Replaces the system prompt from the next request on (a fork that edits it). */
  setSystemPrompt(text: string): void {
    this.opts.systemPrompt = text;
  }

  /** Stops listening to the bus. */
  dispose(): void {
    this.unsubscribe();
  }

  private emitMessage(role: Role, content: string, extra: { toolCalls?: ToolCallRecord[]; toolCallId?: string; toolName?: string; isError?: boolean; queued?: boolean } = {}): string {
    const messageId = `msg_${randomUUID().slice(0, 12)}`;
    this.opts.bus.emit({ type: 'message_start', messageId, role });
    this.opts.bus.emit({ type: 'message_end', messageId, role, content, ...extra });
    return messageId;
  }

  private addSystemNote(text: string): void {
    this.messages.push({ role: 'system', content: text });
    this.emitMessage('system', text);
  }

  private systemExtras(): string[] {
    return this.opts.systemMessages?.().filter((s) => s.trim()) ?? [];
  }

  /** The system text the next request carries: the prompt and the extra system messages (MCP instructions). */
  systemText(): string {
    return [this.opts.systemPrompt, ...this.systemExtras()].join('\n\n');
  }

  /** The exact request body of a turn, with the messages earlier turns already recorded left out. */
  private recordedWire(wire: NonNullable<LlmTurn['wire']>): RecordedWire {
    const body = wire.request;
    const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : null;
    if (!messages) return { ...wire };
    const omitted = Math.min(this.wireMessages, messages.length);
    this.wireMessages = messages.length;
    return { ...wire, request: { ...body, messages: messages.slice(omitted) }, messagesOmitted: omitted };
  }

  /** The failed request for the inspector: endpoint, status, the server's text, the body sent and the one received. */
  private emitModelError(step: number, err: LlmError): void {
    const d = err.detail;
    const wire = d?.request ? this.recordedWire({ request: d.request, response: d.body !== undefined ? [d.body] : [] }) : undefined;
    this.opts.bus.emit({
      type: 'model_error',
      step,
      endpoint: err.endpoint,
      ...(err.status !== undefined ? { status: err.status } : {}),
      message: d?.serverMessage ?? err.message,
      attempts: d?.attempts ?? 1,
      ...(wire ? { wire } : {}),
    });
  }

  /** Runs one task (a user message) to its end. Never throws for model or tool failures. */
  async run(task: string, signal: AbortSignal = new AbortController().signal, runOpts: AgentRunOptions = {}): Promise<AgentRunResult> {
    const bus = this.opts.bus;
    const maxSteps = runOpts.maxSteps ?? this.opts.maxSteps ?? DEFAULT_MAX_STEPS;
    const usage = emptyTotals();
    const stuck = new StuckDetector();
    let finalText = '';
    let overflowRetried = false;
    let step = 0;
    const end = (reason: AgentEndReason, error?: string): AgentRunResult => {
      bus.emit({ type: 'agent_end', reason, ...(error ? { error } : {}), usage });
      return { reason, finalText, steps: step, usage, ...(error ? { error } : {}) };
    };

    // A ConfigError here propagates: the host reports it (exit 2) before anything started.
    const provider = typeof this.opts.provider === 'function' ? this.opts.provider() : this.opts.provider;

    bus.emit({ type: 'agent_start', task, ...(this.opts.workspace ? { workspace: this.opts.workspace } : {}), ...(runOpts.trace ?? {}), ...(runOpts.fork ?? {}), ...(runOpts.retry ? { retry: true } : {}) });
    this.opts.afterRunStart?.();
    if (!runOpts.continues) {
      this.messages.push({ role: 'user', content: task });
      this.emitMessage('user', task);
    }
    let head = runOpts.head;

    try {
      const pending = this.opts.toolsPending?.();
      if (pending && !signal.aborted) await Promise.race([pending, new Promise((r) => signal.addEventListener('abort', r, { once: true }))]);
      while (step < maxSteps) {
        if (signal.aborted) return end('cancelled');
        step++;
        bus.emit({ type: 'turn_start', step });
        if (head) {
          // A fork at a call or a result: the parent's turn stands for this step's model turn.
          const given = head;
          head = undefined;
          this.emitMessage('assistant', given.text, given.toolCalls.length ? { toolCalls: given.toolCalls } : {});
          this.messages.push({ role: 'assistant', content: given.text, ...(given.toolCalls.length ? { toolCalls: given.toolCalls } : {}) });
          if (given.text.trim()) finalText = given.text;
          const outcomes = await this.act(given.toolCalls, signal, (c) => given.answered.get(c.id) ?? runOpts.answer?.(c) ?? null);
          bus.emit({ type: 'turn_end', step });
          await this.afterStep(step, given.toolCalls);
          if (signal.aborted || this.opts.steering?.stopRequested()) return end('cancelled');
          const terminated = outcomes.find((o) => o && typeof o.result.metadata?.terminate === 'string');
          if (terminated) {
            if (!finalText) finalText = resultToModelText(terminated.result);
            return { ...end('finished'), terminateStatus: String(terminated.result.metadata?.terminate) };
          }
          continue;
        }
        for (const note of this.pendingNotes.splice(0)) this.addSystemNote(note);
        // What the user typed while the run worked goes in now, before the model is asked again.
        for (const text of this.opts.steering?.take() ?? []) {
          this.messages.push({ role: 'user', content: text });
          this.emitMessage('user', text, { queued: true });
        }
        const system = this.systemText();
        await this.compactIfNeeded(system, signal);
        const windowTokens = contextWindowOf(provider.model, this.opts.contextWindowTokens);
        const plan = this.opts.exposure?.plan(windowTokens) ?? { params: this.opts.runner.tools.toParams(), deferred: [] };
        const tools = plan.params;
        if (this.opts.beforeRequest) {
          const inputTokens = estimateTokens(requestChars(system, this.messages, JSON.stringify(tools)));
          const verdict = await this.opts.beforeRequest({ step, model: provider.model, inputTokens, signal });
          if (signal.aborted) {
            bus.emit({ type: 'turn_end', step });
            return end('cancelled');
          }
          if (!verdict.go) {
            bus.emit({ type: 'turn_end', step });
            return end('budget', verdict.reason);
          }
        }

        // Think.
        const messageId = `msg_${randomUUID().slice(0, 12)}`;
        bus.emit({
          type: 'model_request',
          step,
          request: {
            provider: provider.provider,
            model: provider.model,
            endpoint: provider.endpoint,
            // The provider id, temperature and thinking asked for (null: the provider's default); a fork says what it changed from them.
            ...(provider.settings ? { providerId: provider.settings.provider, temperature: provider.settings.temperature, thinking: provider.settings.thinking } : {}),
            tools: tools.map((t) => t.function.name),
            ...(plan.deferred.length ? { deferredTools: plan.deferred.map((d) => d.name) } : {}),
            messageCount: this.messages.length,
            // Only what is new since the previous request: the whole history each turn would make session files quadratic.
            newMessages: this.messages.slice(this.lastRequestIndex).map(stripImages),
          },
          context: contextBreakdown({
            systemPrompt: this.opts.systemPrompt,
            systemMessages: this.systemExtras(),
            messages: this.messages,
            tools,
            sourceOf: (name) => this.opts.runner.tools.get(name)?.source ?? 'builtin',
            windowTokens,
            deferred: plan.deferred,
          }),
        });
        this.lastRequestIndex = this.messages.length;
        this.requested = true;
        const streamedTurn = await streamModelTurn({
          provider,
          bus,
          redactor: this.opts.redactor,
          messageId,
          step,
          request: { system, messages: sendableMessages(this.messages), tools, signal, cacheKey: bus.session },
        });
        if (!streamedTurn.ok) {
          const err = streamedTurn.error;
          const streamed = streamedTurn.streamed;
          bus.emit({ type: 'turn_end', step });
          if (isAbortError(err, signal)) {
            if (streamed) this.messages.push({ role: 'assistant', content: streamed });
            return end('cancelled');
          }
          // The window overflowed (the estimate was short): compact, then try this step once more.
          if (err instanceof LlmError && isContextOverflow(err) && !overflowRetried) {
            overflowRetried = true;
            if (await this.compactIfNeeded(system, signal, true)) {
              step--;
              continue;
            }
          }
          if (err instanceof LlmError) this.emitModelError(step, err);
          return end('error', err instanceof Error ? err.message : String(err));
        }
        const { turn, started, ttftMs } = streamedTurn;
        if (signal.aborted) {
          // Some SDK streams end quietly on abort instead of throwing: still a cancel.
          bus.emit({ type: 'message_end', messageId, role: 'assistant', content: turn.text, ...(turn.thinking ? { thinking: turn.thinking } : {}) });
          bus.emit({ type: 'turn_end', step });
          if (turn.text) this.messages.push({ role: 'assistant', content: turn.text });
          return end('cancelled');
        }
        const turnUse = turnUsage({
          reported: turn.usage,
          model: provider.model,
          prices: this.opts.prices,
          sentChars: requestChars(system, this.messages, JSON.stringify(tools)),
          receivedChars: turn.text.length + (turn.thinking?.length ?? 0) + turn.toolCalls.reduce((n, c) => n + c.name.length + c.arguments.length, 0),
          ttftMs,
          durationMs: performance.now() - started,
        });
        addUsage(usage, turnUse);
        bus.emit({
          type: 'message_end',
          messageId,
          role: 'assistant',
          content: turn.text,
          ...(turn.toolCalls.length ? { toolCalls: turn.toolCalls } : {}),
          ...(turn.thinking ? { thinking: turn.thinking } : {}),
          ...(turn.reasoning ? { reasoning: turn.reasoning } : {}),
        });
        bus.emit({
          type: 'model_response',
          step,
          response: { text: turn.text, ...(turn.thinking ? { thinking: turn.thinking } : {}), toolCalls: turn.toolCalls, stopReason: turn.stopReason },
          model: provider.model,
          usage: turnUse,
          ...(turn.wire ? { wire: this.recordedWire(turn.wire) } : {}),
        });
        this.opts.afterResponse?.(turnUse);
        this.messages.push({
          role: 'assistant',
          content: turn.text,
          ...(turn.toolCalls.length ? { toolCalls: turn.toolCalls } : {}),
          ...(turn.thinking ? { thinking: turn.thinking } : {}),
          ...(turn.reasoning ? { reasoning: turn.reasoning } : {}),
        });
        if (turn.text.trim()) finalText = turn.text;

        const stopped = refusalOf(turn.stopReason);
        if (stopped) {
          // Nothing of a refused turn is acted on; the user is told why the run ended.
          bus.emit({ type: 'turn_end', step });
          return end('error', stopped);
        }
        if (!turn.toolCalls.length) {
          bus.emit({ type: 'turn_end', step });
          return end('finished');
        }

        // Act. A turn cut off by the output limit ends in a tool call whose arguments are
        // incomplete: that one is answered with an error the model can act on, not run.
        const cut = isCutOff(turn.stopReason) ? turn.toolCalls[turn.toolCalls.length - 1] : undefined;
        const outcomes = await this.act(cut ? turn.toolCalls.slice(0, -1) : turn.toolCalls, signal, runOpts.answer);
        if (cut) {
          const content = cutOffError(cut, turn.stopReason ?? 'max_tokens');
          this.messages.push({ role: 'tool', toolCallId: cut.id, toolName: cut.name, content, isError: true });
          this.emitMessage('tool', content, { toolCallId: cut.id, toolName: cut.name, isError: true });
        }
        const terminated = outcomes.find((o) => o && typeof o.result.metadata?.terminate === 'string');
        const why = stuck.observe(turn);
        if (why && !terminated) this.addSystemNote(`${STUCK_NUDGE} (Detected: ${why}.)`);
        bus.emit({ type: 'turn_end', step });
        await this.afterStep(step, turn.toolCalls);
        if (signal.aborted) return end('cancelled');
        if (terminated) {
          if (!finalText) finalText = resultToModelText(terminated.result);
          return { ...end('finished'), terminateStatus: String(terminated.result.metadata?.terminate) };
        }
        // *Stop after this step*: the step's tools are done and answered; no new model request.
        if (this.opts.steering?.stopRequested()) return end('cancelled', 'stopped after this step, as asked');
      }
      return end('max_steps');
    } catch (err) {
      // A bug in the loop itself: still end the run with an event so hosts are not left hanging.
      if (isAbortError(err, signal)) return end('cancelled');
      return end('error', err instanceof Error ? err.message : String(err));
    }
  }

  /** Compacts when over budget (or `force`: the server refused the prompt as too long); true when it did. */
  private async compactIfNeeded(system: string, signal: AbortSignal, force = false): Promise<boolean> {
    const c = this.opts.compactor;
    if (!c || (!force && !c.needsCompaction(this.messages, system))) return false;
    const bus = this.opts.bus;
    const result = await c.compact(this.messages, system, signal, force).catch((err: unknown) => {
      bus.emit({ type: 'log', level: 'warn', source: 'compaction', message: `compaction failed: ${(err as Error)?.message ?? String(err)}` });
      return null;
    });
    if (!result) return false;
    bus.emit({ type: 'compaction_start', before: result.before });
    this.messages = result.messages;
    this.lastRequestIndex = 0;
    this.wireMessages = 0;
    bus.emit({ type: 'compaction_end', before: result.before, after: result.after });
    return result.after < result.before;
  }

  /** The per-step hook, when a tool that may write ran in the step (a failure there is logged, never fatal). */
  private async afterStep(step: number, calls: readonly ToolCallRecord[]): Promise<void> {
    const hook = this.opts.afterStep;
    if (!hook || !calls.some((c) => this.opts.runner.tools.get(c.name)?.annotations?.readOnlyHint !== true)) return;
    await hook(step).catch((err: unknown) => {
      this.opts.bus.emit({ type: 'log', level: 'warn', source: 'agent', message: `after step ${step}: ${(err as Error)?.message ?? String(err)}` });
    });
  }

  /** Runs the calls (call-batches.ts), then answers every call id with a tool message. */
  private async act(calls: ToolCallRecord[], signal: AbortSignal, preset?: (c: ToolCallRecord) => PresetAnswer | null): Promise<(ToolCallOutcome | undefined)[]> {
    const outcomes = await runCallBatches(this.opts, calls, signal, preset);
    const max = this.opts.maxObservationChars ?? DEFAULT_MAX_OBSERVATION_CHARS;
    calls.forEach((c, k) => {
      const o = outcomes[k];
      const result: ToolResult = o ? o.result : { error: 'cancelled: the run was stopped before this call ran' };
      const content = clipObservation(resultToModelText(result), max);
      const isError = isErrorResult(result);
      this.messages.push({ role: 'tool', toolCallId: c.id, toolName: c.name, content, ...(result.images?.length ? { images: result.images } : {}), ...(isError ? { isError } : {}) });
      this.emitMessage('tool', content, { toolCallId: c.id, toolName: c.name, ...(isError ? { isError } : {}) });
    });
    return outcomes;
  }
}

function stripImages(m: ChatMessage): unknown {
  if ((m.role === 'tool' || m.role === 'user') && m.images?.length) {
    return { ...m, images: m.images.map((img) => ({ mimeType: img.mimeType, bytes: Math.floor((img.data.length * 3) / 4) })) };
  }
  return m;
}
