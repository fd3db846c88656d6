import { isConversation, lastActiveAt, titleFromTask } from '../../src-shared/read-models/session-activity';
import type { GlassboxEvent } from '../../src-shared/events/event-types';
import type { ForkFiles } from '../core/fork/start';
import type { RecordedToolCall } from '../../src-shared/contract/replay';
import type { BridgeEventName, BridgeEvents } from '../../src-shared/contract/events';
import type { AgentState, PendingDialog, SessionSnapshot, SessionSummary, SessionView, SettingsView } from '../../src-shared/contract/views';
import { BridgeError } from '../../src-shared/contract/wire';
import { applyCallEvent, applyDialogEvent, createCallIndex, type CallIndex } from '../../src-shared/read-models/call-index';
import { appendChatEvent, emptyChat, type ChatState } from '../../src-shared/read-models/chat-items';
import { buildSessionView } from '../../src-shared/read-models/session-view';
import { noticeForRunError } from './run-error-notice';
import type { DialogAnswerPort, OpenedSession, SessionPort } from './session-port';

/** Pushes one bridge event to whoever shows this session (today: every connection of the host). */
export type EmitEvent = <E extends BridgeEventName>(name: E, payload: BridgeEvents[E]) => void;

/** What an open session needs from its host. */
export interface OpenSessionDeps {
  emit: EmitEvent;
  /** The title the user gave the session (Rename); null when it was never renamed. */
  savedTitle(id: string): string | null;
  /** Settings as the window shows them (an "always" approval may have added a rule). */
  settings(): SettingsView;
  /** A run ended: the saved sessions list may have changed. */
  listChanged(): void;
}

/**
 * One open session: the core session it drives, with everything the window needs kept as its
 * events arrive — the events (redacted once, on entry), the call index, the conversation's rows,
 * the pending dialogs, whether a run is going. Both the session bridge (chat, calls, dialogs)
 * and the workbench bridge (edits, replay, timeline, terminal, MCP, extensions) read it; nothing
 * asks the host's own methods for it.
 *
 * One object per open session, so a host can keep several (one per window or tab). Settings
 * that change the core session make a new OpenSession from this one's events (`events`).
 */
export class OpenSession {
  readonly id: string;
  readonly core: SessionPort;
  private readonly dialogs: DialogAnswerPort;
  private readonly recorded: GlassboxEvent[] = [];
  private readonly calls: CallIndex = createCallIndex();
  /** The conversation's rows, kept as events arrive so a view builds nothing. */
  private readonly chat: ChatState = emptyChat();
  private pendingDialogs: PendingDialog[] = [];
  private task: string | undefined;
  private lastEnd: AgentState['lastEnd'];
  private runPromise: Promise<unknown> | null = null;
  /** The saved title (undefined: not read yet; null: none). */
  private savedTitle: string | null | undefined;
  private off: (() => void) | null;
  private closed = false;

  /**
   * Attaches to a core session just built: records `saved` (its file's events, redacted on this
   * path — a file may predate a key being configured), then follows its redacted events and its
   * dialog queue.
   */
  constructor(
    opened: OpenedSession,
    saved: readonly GlassboxEvent[],
    private readonly deps: OpenSessionDeps,
  ) {
    this.core = opened.session;
    this.id = opened.session.id;
    this.dialogs = opened.dialogs;
    const redactor = this.core.redactor?.active ? this.core.redactor : null;
    for (const e of saved) this.record(redactor ? redactor.redactValue(e) : e, false);
    // Dialogs of a session loaded from disk cannot be answered any more.
    this.pendingDialogs = this.dialogs.pending?.() ?? [];
    // Live events come redacted already (RedactedEvents: once for the file, the window and --json).
    const offBus = this.core.redactedEvents.subscribe('*', (e) => this.record(e, true));
    const offDialogs = this.dialogs.onChange?.((p) => this.setPending(p));
    this.off = () => {
      offBus();
      offDialogs?.();
    };
  }

  /** Every event so far, redacted, in order. */
  get events(): readonly GlassboxEvent[] {
    return this.recorded;
  }

  /** Every call so far (the read model the window folds events with). */
  get callIndex(): CallIndex {
    return this.calls;
  }

  /** The dialogs waiting for the human. */
  get pending(): PendingDialog[] {
    return this.pendingDialogs;
  }

  /** True while a run is going (or about to start). */
  get busy(): boolean {
    return this.core.running || this.runPromise !== null;
  }

  /** A conversation (listed as a session): it was given a task, now or in its file. */
  get isConversation(): boolean {
    return this.task !== undefined || this.busy || isConversation(this.recorded);
  }

  /** One recorded call, from the call index; null when this session has no such call. */
  recordedCall(callId: string): RecordedToolCall | null {
    const c = this.calls.byId.get(callId);
    if (!c) return null;
    return { callId, tool: c.tool, args: c.args ?? {}, source: c.source, result: c.result ?? null };
  }

  state(): AgentState {
    const s: AgentState = { sessionId: this.id, running: this.core.running };
    if (s.running && this.task) s.task = this.task;
    if (this.lastEnd) s.lastEnd = this.lastEnd;
    const sandbox = safe(() => this.core.sandbox?.status());
    if (sandbox) {
      const { active, mode, network, backend, reason } = sandbox;
      s.sandbox = { active, mode, network, backend, ...(reason ? { reason } : {}) };
    }
    const trace = safe(() => this.core.telemetry?.status());
    if (trace && (trace.exporting || trace.traceUrl)) {
      s.trace = { traceId: trace.traceId, ...(trace.traceUrl ? { url: trace.traceUrl } : {}), exporting: trace.exporting, dropped: trace.counts.dropped, failed: trace.counts.failed };
    }
    const steering = this.core.steering;
    if (steering?.queued.length) s.queued = steering.queued.map((q) => ({ ...q }));
    if (s.running && steering?.stopRequested()) s.stopAfterStep = true;
    const spend = safe(() => this.core.spend?.status());
    if (spend) s.spend = spend;
    const model = safe(() => this.core.modelInUse?.());
    if (model) s.model = { provider: model.provider, model: model.model, ...(model.switched ? { switched: true } : {}) };
    return s;
  }

  summary(): SessionSummary {
    // Read once per session, not per snapshot (Rename calls forgetTitle).
    if (this.savedTitle === undefined) this.savedTitle = safe(() => this.deps.savedTitle(this.id)) ?? null;
    const events = this.recorded;
    const first = events.find((e) => e.type === 'agent_start');
    // The task names the session from the moment it is sent, before its agent_start is written.
    const task = titleFromTask(first?.type === 'agent_start' ? first.task : this.task);
    return {
      id: this.id,
      title: this.savedTitle ?? task ?? 'New session',
      createdAt: events[0]?.ts ?? Date.now(),
      updatedAt: lastActiveAt(events, Date.now()),
      eventCount: events.length,
    };
  }

  /** The saved title changed (renamed, or a run ended): read it again next time. */
  forgetTitle(): void {
    this.savedTitle = undefined;
  }

  snapshot(): SessionSnapshot {
    // Streaming deltas of finished messages are redundant (message_end has the whole text and thinking) and
    // are most of a real session's events: leave them out so big sessions open fast.
    const ended = new Set<string>();
    for (const e of this.recorded) if (e.type === 'message_end') ended.add(e.messageId);
    const events = ended.size ? this.recorded.filter((e) => (e.type !== 'message_update' && e.type !== 'thinking_update') || !ended.has(e.messageId)) : [...this.recorded];
    return { summary: this.summary(), events, state: this.state() };
  }

  /** The session pre-reduced for the window: its rows and calls instead of every event. */
  view(tail?: number): SessionView {
    return buildSessionView(this.summary(), this.state(), this.recorded, this.calls, this.chat, tail);
  }

  /** Refuses a send that cannot start (busy, empty) before anything is rebuilt for it. */
  checkSend(text: string): void {
    if (this.busy) throw new BridgeError('BUSY', 'The agent is already working; stop it or wait.');
    if (!text.trim()) throw new BridgeError('BAD_ARGS', 'Type a message first.');
  }

  /** Starts a run with the user's message; resolves once it has started, with the state to show. */
  async send(text: string): Promise<AgentState> {
    this.checkSend(text);
    return this.startRun(text, () => this.core.send(text));
  }

  /** Refuses a retry that cannot start (busy, or a session that cannot retry). */
  checkRetry(): void {
    if (this.busy) throw new BridgeError('BUSY', 'The agent is already working; stop it or wait.');
    if (!this.core.retry) throw new BridgeError('FAILED', 'This session cannot retry a run.');
  }

  /** Runs the conversation again as it is (no new user message); resolves once it has started. */
  async retry(): Promise<AgentState> {
    this.checkRetry();
    const retry = this.core.retry!.bind(this.core);
    return this.startRun(this.core.lastTask?.() ?? this.task ?? '', () => retry());
  }

  /** Runs a fork prepared on this session's file on from its fork point (as `send` does a message). */
  async startFork(files: ForkFiles): Promise<AgentState> {
    const fork = this.core.fork?.bind(this.core);
    if (!fork) throw new BridgeError('FAILED', 'This session cannot run a fork.');
    if (this.busy) throw new BridgeError('BUSY', 'The agent is already working; stop it or wait.');
    return this.startRun(files.plan.task, () => fork(files));
  }

  private async startRun(text: string, start: () => Promise<unknown>): Promise<AgentState> {
    const redactor = this.core.redactor?.active ? this.core.redactor : null;
    // Every window sees the task in agent.state: a key pasted into it is hidden like everywhere else.
    const shown = redactor ? redactor.redact(text) : text;
    this.task = shown;
    this.lastEnd = undefined;
    const run = Promise.resolve()
      .then(start)
      .catch((err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        this.deps.emit('app.notice', noticeForRunError(redactor ? redactor.redact(message) : message));
      })
      .finally(() => {
        if (this.runPromise === run) this.runPromise = null;
        this.savedTitle = undefined;
        this.deps.emit('agent.state', this.state());
        this.deps.listChanged();
        // Messages queued for a next model request the finished run never made: they are the next message.
        const steering = this.core.steering;
        if (!this.closed && this.lastEnd?.reason === 'finished' && steering?.queued.length) {
          const next = steering.take().join('\n\n');
          this.send(next).catch((err: unknown) => this.deps.emit('app.notice', noticeForRunError(err instanceof Error ? err.message : String(err))));
        }
      });
    this.runPromise = run;
    // Let the session flip `running` (agent_start) before answering.
    await Promise.resolve();
    const state = { ...this.state(), running: true, task: shown };
    this.deps.emit('agent.state', state);
    return state;
  }

  /**
   * Switches this session's model for its next run (a run in progress finishes on its own);
   * every viewer gets the new state. BAD_ARGS for a refused name.
   */
  setModel(model: string): AgentState {
    if (!this.core.setModel) throw new BridgeError('FAILED', 'This session cannot switch its model.');
    try {
      this.core.setModel(model);
    } catch (err) {
      throw new BridgeError('BAD_ARGS', err instanceof Error ? err.message : String(err));
    }
    const state = this.state();
    this.deps.emit('agent.state', state);
    return state;
  }

  /** Queues a message for the running run's next model request (core/agent SteerQueue). */
  queue(text: string): AgentState {
    const steering = this.requireSteering();
    try {
      steering.add(text);
    } catch (err) {
      throw new BridgeError('BAD_ARGS', err instanceof Error ? err.message : String(err));
    }
    return this.emitState();
  }

  /** Changes a queued message; NOT_FOUND once it went in. */
  editQueued(id: string, text: string): AgentState {
    let found: boolean;
    try {
      found = this.requireSteering().edit(id, text);
    } catch (err) {
      throw new BridgeError('BAD_ARGS', err instanceof Error ? err.message : String(err));
    }
    if (!found) throw new BridgeError('NOT_FOUND', 'That message already went in (or was removed).');
    return this.emitState();
  }

  /** Removes a queued message; NOT_FOUND once it went in. */
  removeQueued(id: string): AgentState {
    if (!this.requireSteering().remove(id)) throw new BridgeError('NOT_FOUND', 'That message already went in (or was removed).');
    return this.emitState();
  }

  /** *Stop after this step* for the running run (nothing to do when none runs). */
  stopAfterStep(): AgentState {
    if (this.core.running) this.requireSteering().stopAfterStep();
    return this.emitState();
  }

  private requireSteering(): NonNullable<SessionPort['steering']> {
    const s = this.core.steering;
    if (!s) throw new BridgeError('FAILED', 'This session cannot queue messages.');
    return s;
  }

  private emitState(): AgentState {
    const state = this.state();
    this.deps.emit('agent.state', state);
    return state;
  }

  /** Cancels the run; resolves once it has ended (or after 10 s), or at once when none runs. */
  async cancel(): Promise<AgentState> {
    const run = this.runPromise;
    if (this.core.running || run) {
      await this.core.cancel();
      if (run) await Promise.race([run, new Promise((r) => setTimeout(r, 10_000))]);
    }
    return this.state();
  }

  /** Answers a dialog; NOT_FOUND (and the dialog dropped) when it no longer waits. */
  answer(requestId: string, answered: (port: DialogAnswerPort) => boolean): { ok: true } {
    if (!answered(this.dialogs)) {
      // Already answered elsewhere (another window) or timed out: drop it from the list.
      this.setPending(this.pendingDialogs.filter((p) => p.requestId !== requestId));
      throw new BridgeError('NOT_FOUND', 'This request is no longer waiting for an answer.');
    }
    return { ok: true };
  }

  /** Stops following the core session, cancels what waits and runs, and disposes it. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.off?.();
    this.off = null;
    this.dialogs.cancelAll?.();
    if (this.core.running) await this.core.cancel();
    await this.core.dispose();
  }

  private record(e: GlassboxEvent, live: boolean): void {
    this.recorded.push(e);
    applyCallEvent(this.calls, e);
    appendChatEvent(this.chat, e);
    const before = this.pendingDialogs;
    // With a queue port, the queue is the truth (its onChange reports); else derive from events.
    if (!this.dialogs.onChange) this.pendingDialogs = applyDialogEvent(this.pendingDialogs, e);
    if (e.type === 'agent_start') this.task = e.task;
    if (e.type === 'agent_end') {
      this.lastEnd = { reason: e.reason, ...(e.error ? { error: e.error } : {}) };
      // The chat's run-end row says what failed (with Retry and Change model); a banner only adds what to do.
      if (live && e.reason === 'error' && e.error) {
        const notice = noticeForRunError(e.error);
        if (notice.code !== 'RUN_FAILED') this.deps.emit('app.notice', notice);
      }
    }
    // The sandbox's warnings (no sandbox; a repository made in the run disarmed) need the user's eyes.
    if (live && e.type === 'log' && e.level === 'warn' && e.source === 'sandbox') {
      this.deps.emit('app.notice', { level: 'warn', code: `SANDBOX:${e.seq}`, message: e.message });
    }
    if (!live) return;
    this.deps.emit('agent.event', e);
    if (this.pendingDialogs !== before) this.deps.emit('dialogs.changed', this.pendingDialogs);
    if (e.type === 'agent_start' || e.type === 'agent_end') this.deps.emit('agent.state', this.state());
    // An allowed approval may have added an "always" rule to the config: refresh Settings.
    if (e.type === 'approval_resolved' && e.decision === 'allow' && e.by === 'human') this.deps.emit('settings.changed', this.deps.settings());
  }

  private setPending(p: PendingDialog[]): void {
    this.pendingDialogs = p;
    this.deps.emit('dialogs.changed', p);
  }
}

/** The value, or null when computing it throws (a torn or vanished file). */
export function safe<T>(f: () => T): T | null {
  try {
    return f();
  } catch {
    return null;
  }
}
