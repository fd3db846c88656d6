import type { EventBus } from '../core/events/event-bus';
import type { GlassboxEvent } from '../core/events/event-types';
import type { BridgeHost } from './bridge-host';
import { applyCallEvent, applyDialogEvent, createCallIndex, matchesCallFilter, summarizeCall, type CallIndex } from './call-index';
import { BridgeError, type AgentState, type ExportedFile, type PendingDialog, type SessionSnapshot, type SessionSummary } from './contract';
import { noticeForRunError } from './run-error-notice';
import type { SessionCatalog } from './session-catalog';
import type { SettingsStore } from './settings-store';

/**
 * What the bridge needs from a core session (GlassboxSession: the agent issue adds
 * send/cancel/running). `send` resolves when the run ends.
 */
export interface BridgeSessionPort {
  readonly id: string;
  readonly bus: EventBus;
  readonly running: boolean;
  send(text: string): Promise<unknown>;
  cancel(): Promise<unknown> | unknown;
  dispose(): Promise<void>;
}

/** Answers pending approval / human-input requests by id (the core's queued human ports). Returns false when the id is unknown. */
export interface DialogAnswerPort {
  answerApproval(requestId: string, decision: 'allow' | 'deny', always: boolean): boolean;
  answerQuestion(requestId: string, answer: string): boolean;
  answerElicitation(requestId: string, action: 'accept' | 'decline' | 'cancel', content?: Record<string, unknown>): boolean;
}

/** An opened core session with the port that answers its dialogs. */
export interface OpenedSession {
  session: BridgeSessionPort;
  dialogs: DialogAnswerPort;
}

/** How the bridge gets sessions: a fresh one (no id) or a saved one resumed (id). */
export type SessionOpener = (sessionId?: string) => Promise<OpenedSession>;

export interface SessionBridgeOptions {
  host: BridgeHost;
  open: SessionOpener;
  catalog: SessionCatalog;
  settings: SettingsStore;
}

/**
 * Implements the agent, sessions, calls, dialogs and settings namespaces of the contract over
 * one current core session. Keeps the current session's events, its call index and its pending
 * dialogs, so a reloaded page (or a second window) gets everything back from `sessions.current`
 * and `dialogs.pending`.
 */
export class SessionBridge {
  private current: OpenedSession | null = null;
  private offBus: (() => void) | null = null;
  private events: GlassboxEvent[] = [];
  private calls: CallIndex = createCallIndex();
  private pending: PendingDialog[] = [];
  private task: string | undefined;
  private lastEnd: AgentState['lastEnd'];
  private runPromise: Promise<unknown> | null = null;
  private readonly offHandlers: () => void;

  constructor(private readonly opts: SessionBridgeOptions) {
    this.offHandlers = opts.host.registerAll({
      'agent.send': (text) => this.send(text),
      'agent.cancel': () => this.cancel(),
      'agent.state': () => this.state(),
      'sessions.list': (query) => opts.catalog.list(query),
      'sessions.current': () => this.snapshot(),
      'sessions.open': (id) => this.openSaved(id),
      'sessions.new': () => this.newSession(),
      'sessions.rename': (id, title) => {
        opts.catalog.rename(id, title);
        this.emitList();
        return { ok: true };
      },
      'sessions.delete': async (id) => {
        if (this.current?.session.id === id) {
          if (this.current.session.running) throw new BridgeError('BUSY', 'Stop the run before deleting its session.');
          await this.newSession();
        }
        opts.catalog.delete(id);
        this.emitList();
        return { ok: true };
      },
      'sessions.export': (id) => this.exportSession(id),
      'calls.list': (filter) => this.calls.order.map((id) => this.calls.byId.get(id)!).filter((c) => matchesCallFilter(c, filter)).map(summarizeCall),
      'calls.get': (callId) => this.calls.byId.get(callId) ?? null,
      'calls.export': (callId, filter) => this.exportCalls(callId, filter),
      'dialogs.pending': () => this.pending,
      'dialogs.answerApproval': (requestId, decision, always) => {
        const d = this.pending.find((p) => p.requestId === requestId);
        if (always && decision === 'allow' && d?.kind === 'approval') {
          opts.settings.addAllowRule({ tool: d.tool, ...(ruleMatchFor(d.tool, d.args) ? { match: ruleMatchFor(d.tool, d.args) } : {}), decision: 'allow' });
          opts.host.emit('settings.changed', opts.settings.get());
        }
        return this.answered(this.port().answerApproval(requestId, decision, Boolean(always)), requestId);
      },
      'dialogs.answerQuestion': (requestId, answer) => this.answered(this.port().answerQuestion(requestId, answer), requestId),
      'dialogs.answerElicitation': (requestId, action, content) =>
        this.answered(this.port().answerElicitation(requestId, action, content), requestId),
      'settings.get': () => opts.settings.get(),
      'settings.set': (patch) => {
        const view = opts.settings.set(patch);
        opts.host.emit('settings.changed', view);
        return view;
      },
    });
  }

  /** Opens the first session (a fresh one, or a saved one by id). */
  async start(sessionId?: string): Promise<void> {
    if (sessionId) await this.openSaved(sessionId);
    else await this.attach(await this.opts.open(), []);
  }

  /** The current session's id. */
  get sessionId(): string | undefined {
    return this.current?.session.id;
  }

  /** Cancels any run and releases the session. */
  async dispose(): Promise<void> {
    this.offHandlers();
    await this.detach();
  }

  private port(): DialogAnswerPort {
    if (!this.current) throw new BridgeError('FAILED', 'No session is open.');
    return this.current.dialogs;
  }

  private answered(ok: boolean, requestId: string): { ok: true } {
    if (!ok) {
      // Already answered elsewhere (another window) or timed out: drop it from the list.
      this.setPending(this.pending.filter((p) => p.requestId !== requestId));
      throw new BridgeError('NOT_FOUND', 'This request is no longer waiting for an answer.');
    }
    return { ok: true };
  }

  state(): AgentState {
    const s: AgentState = { sessionId: this.current?.session.id ?? '', running: Boolean(this.current?.session.running) };
    if (s.running && this.task) s.task = this.task;
    if (this.lastEnd) s.lastEnd = this.lastEnd;
    return s;
  }

  private summary(): SessionSummary {
    const id = this.current?.session.id ?? '';
    const saved = id ? safe(() => this.opts.catalog.summaryOf(id)) : null;
    const first = this.events.find((e) => e.type === 'agent_start');
    return {
      id,
      title: saved?.title ?? (first?.type === 'agent_start' ? first.task.slice(0, 80) : 'New session'),
      createdAt: this.events[0]?.ts ?? Date.now(),
      updatedAt: this.events.at(-1)?.ts ?? Date.now(),
      eventCount: this.events.length,
    };
  }

  snapshot(): SessionSnapshot {
    return { summary: this.summary(), events: this.events, state: this.state() };
  }

  private async send(text: string): Promise<AgentState> {
    const cur = this.current;
    if (!cur) throw new BridgeError('FAILED', 'No session is open.');
    if (cur.session.running || this.runPromise) throw new BridgeError('BUSY', 'The agent is already working; stop it or wait.');
    if (!text.trim()) throw new BridgeError('BAD_ARGS', 'Type a message first.');
    this.task = text;
    this.lastEnd = undefined;
    const run = Promise.resolve()
      .then(() => cur.session.send(text))
      .catch((err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        this.opts.host.emit('app.notice', noticeForRunError(message));
      })
      .finally(() => {
        if (this.runPromise === run) this.runPromise = null;
        this.opts.host.emit('agent.state', this.state());
        this.emitList();
      });
    this.runPromise = run;
    // Let the session flip `running` (agent_start) before answering.
    await Promise.resolve();
    const state = { ...this.state(), running: true, task: text };
    this.opts.host.emit('agent.state', state);
    return state;
  }

  private async cancel(): Promise<AgentState> {
    const run = this.runPromise;
    if (this.current && (this.current.session.running || run)) {
      await this.current.session.cancel();
      if (run) await Promise.race([run, new Promise((r) => setTimeout(r, 10_000))]);
    }
    return this.state();
  }

  private async newSession(): Promise<SessionSnapshot> {
    if (this.current?.session.running) throw new BridgeError('BUSY', 'Stop the run before starting a new session.');
    await this.detach();
    await this.attach(await this.opts.open(), []);
    const snap = this.snapshot();
    this.opts.host.emit('sessions.switched', snap);
    return snap;
  }

  private async openSaved(id: string): Promise<SessionSnapshot> {
    if (this.current?.session.id === id) return this.snapshot();
    if (this.current?.session.running) throw new BridgeError('BUSY', 'Stop the run before opening another session.');
    const events = this.opts.catalog.read(id);
    if (!events) throw new BridgeError('NOT_FOUND', `No saved session ${id}.`);
    await this.detach();
    await this.attach(await this.opts.open(id), events);
    const snap = this.snapshot();
    this.opts.host.emit('sessions.switched', snap);
    return snap;
  }

  private async attach(opened: OpenedSession, events: GlassboxEvent[]): Promise<void> {
    this.current = opened;
    this.events = [];
    this.calls = createCallIndex();
    this.pending = [];
    this.task = undefined;
    this.lastEnd = undefined;
    for (const e of events) this.record(e, false);
    // Dialogs of a session loaded from disk cannot be answered any more.
    this.pending = [];
    this.offBus = opened.session.bus.subscribe('*', (e) => this.record(e, true));
  }

  private async detach(): Promise<void> {
    this.offBus?.();
    this.offBus = null;
    const cur = this.current;
    this.current = null;
    if (cur) {
      if (cur.session.running) await cur.session.cancel();
      await cur.session.dispose();
    }
  }

  private record(e: GlassboxEvent, live: boolean): void {
    this.events.push(e);
    applyCallEvent(this.calls, e);
    const before = this.pending;
    this.pending = applyDialogEvent(this.pending, e);
    if (e.type === 'agent_start') this.task = e.task;
    if (e.type === 'agent_end') {
      this.lastEnd = { reason: e.reason, ...(e.error ? { error: e.error } : {}) };
      if (live && e.reason === 'error' && e.error) this.opts.host.emit('app.notice', noticeForRunError(e.error));
    }
    if (!live) return;
    this.opts.host.emit('agent.event', e);
    if (this.pending !== before) this.opts.host.emit('dialogs.changed', this.pending);
    if (e.type === 'agent_start' || e.type === 'agent_end') this.opts.host.emit('agent.state', this.state());
  }

  private setPending(p: PendingDialog[]): void {
    this.pending = p;
    this.opts.host.emit('dialogs.changed', p);
  }

  private emitList(): void {
    this.opts.host.emit('sessions.changed', safe(() => this.opts.catalog.list()) ?? []);
  }

  private exportSession(id: string): ExportedFile {
    let text = this.opts.catalog.readText(id);
    if (text === null && this.current?.session.id === id) text = this.events.map((e) => JSON.stringify(e)).join('\n') + '\n';
    if (text === null) throw new BridgeError('NOT_FOUND', `No saved session ${id}.`);
    return { fileName: `glassbox-${id}.jsonl`, mimeType: 'application/x-ndjson', text };
  }

  private exportCalls(callId: string | undefined, filter: Parameters<typeof matchesCallFilter>[1]): ExportedFile {
    if (callId) {
      const c = this.calls.byId.get(callId);
      if (!c) throw new BridgeError('NOT_FOUND', `No call ${callId} in this session.`);
      return { fileName: `call-${callId}.json`, mimeType: 'application/json', text: JSON.stringify(c, null, 2) };
    }
    const list = this.calls.order.map((id) => this.calls.byId.get(id)!).filter((c) => matchesCallFilter(c, filter));
    return { fileName: `calls-${this.current?.session.id ?? 'session'}.json`, mimeType: 'application/json', text: JSON.stringify(list, null, 2) };
  }
}

/** The `match` of an "always allow" rule: the bash command or the path, else any call of the tool. */
export function ruleMatchFor(tool: string, args: unknown): string | undefined {
  if (!args || typeof args !== 'object') return undefined;
  const a = args as Record<string, unknown>;
  if (tool === 'bash' && typeof a.command === 'string') return a.command;
  if (typeof a.path === 'string') return a.path;
  return undefined;
}

function safe<T>(f: () => T): T | null {
  try {
    return f();
  } catch {
    return null;
  }
}
