import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { EventBus } from '../core/events/event-bus';
import type { GlassboxEvent } from '../../src-shared/events/event-types';
import type { BridgeHost, MethodHandlers } from './bridge-host';
import {
  applyCallEvent,
  applyDialogEvent,
  createCallIndex,
  matchesCallFilter,
  summarizeCall,
  type CallIndex,
} from '../../src-shared/read-models/call-index';
import { BridgeError } from '../../src-shared/contract/wire';
import {
  FIRST_SCREEN_ROWS,
  type AgentState,
  type ExportedFile,
  type PendingDialog,
  type SessionSnapshot,
  type SessionSummary,
  type SessionView,
} from '../../src-shared/contract/views';
import { type MethodName } from '../../src-shared/contract/methods';
import { buildSessionView } from '../../src-shared/read-models/session-view';
import { appendChatEvent, emptyChat, type ChatState } from '../../src-shared/read-models/chat-items';
import { noticeForRunError } from './run-error-notice';
import { isValidSessionId, type SessionStore } from '../core/session/session-store';
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
  /**
   * Hides the session's secrets in an event or any JSON-like value (the same object when there
   * is nothing to hide). Absent when the session has no secrets: nothing is touched, at no cost.
   */
  readonly redact?: <T>(value: T) => T;
}

/**
 * Answers pending approval / human-input requests by id (the core's QueuedHumanPorts). Answers
 * return false when the id is not waiting. `pending`/`onChange`, when given, are the source of
 * truth for the dialog list; otherwise it is derived from the session's events.
 */
export interface DialogAnswerPort {
  answerApproval(requestId: string, decision: 'allow' | 'deny', always: boolean): boolean;
  answerQuestion(requestId: string, answer: string): boolean;
  answerElicitation(requestId: string, action: 'accept' | 'decline' | 'cancel', content?: Record<string, unknown>): boolean;
  pending?(): PendingDialog[];
  onChange?(listener: (pending: PendingDialog[]) => void): () => void;
  /** Cancels everything waiting (session closing). */
  cancelAll?(): void;
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
  /** The saved sessions (the core's SessionStore over $GLASSBOX_HOME/sessions). */
  store: SessionStore;
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
  /** The conversation's rows, kept as events arrive so sessions.view builds nothing. */
  private chat: ChatState = emptyChat();
  private pending: PendingDialog[] = [];
  private task: string | undefined;
  private lastEnd: AgentState['lastEnd'];
  private runPromise: Promise<unknown> | null = null;
  private readonly summaryCache = new Map<string, { key: string; summary: SessionSummary }>();
  /** The saved title of the current session (undefined: not read yet; null: none). */
  private savedTitle: string | null | undefined;
  /** Settings changed since the current core session was built. */
  private stale = false;
  private readonly offHandlers: () => void;
  private ready: Promise<void> = Promise.resolve();

  constructor(private readonly opts: SessionBridgeOptions) {
    const handlers: MethodHandlers = {
      'agent.send': (text) => this.send(text),
      'agent.cancel': () => this.cancel(),
      'agent.state': () => this.state(),
      'sessions.list': (query) => this.list(query),
      'sessions.current': () => this.snapshot(),
      'sessions.view': (tail) => this.view(tail),
      'sessions.open': (id) => this.openSaved(id),
      'sessions.new': () => this.newSession(),
      'sessions.rename': (id, title) => {
        this.requireSaved(id);
        opts.store.rename(id, title.trim().slice(0, 200) || 'Untitled session');
        if (id === this.current?.session.id) this.savedTitle = undefined;
        this.emitList();
        return { ok: true };
      },
      'sessions.delete': async (id) => {
        if (this.current?.session.id === id) {
          if (this.current.session.running) throw new BridgeError('BUSY', 'Stop the run before deleting its session.');
          await this.newSession();
        }
        this.requireSaved(id);
        opts.store.delete(id);
        this.emitList();
        return { ok: true };
      },
      'sessions.export': (id) => this.exportSession(id),
      'calls.list': (filter) => this.calls.order.map((id) => this.calls.byId.get(id)!).filter((c) => matchesCallFilter(c, filter)).map(summarizeCall),
      'calls.get': (callId) => this.calls.byId.get(callId) ?? null,
      'calls.export': (callId, filter) => this.exportCalls(callId, filter),
      'dialogs.pending': () => this.pending,
      // An "always" answer becomes a rule the core's gate keeps and saves to the config.
      'dialogs.answerApproval': (requestId, decision, always) =>
        this.answered(this.port().answerApproval(requestId, decision, Boolean(always)), requestId),
      'dialogs.answerQuestion': (requestId, answer) => this.answered(this.port().answerQuestion(requestId, answer), requestId),
      'dialogs.answerElicitation': (requestId, action, content) =>
        this.answered(this.port().answerElicitation(requestId, action, content), requestId),
      'settings.get': () => opts.settings.get(),
      'settings.set': (patch) => {
        const view = opts.settings.set(patch);
        // Sessions read config when built: the next send reopens this one with the new settings.
        this.stale = true;
        opts.host.emit('settings.changed', view);
        return view;
      },
    };
    // Calls that arrive while the first session is still being built wait for it.
    const gated: MethodHandlers = {};
    for (const [m, h] of Object.entries(handlers) as Array<[MethodName, (...a: unknown[]) => unknown]>) {
      (gated as Record<string, unknown>)[m] = async (...a: unknown[]) => {
        await this.ready;
        return h(...a);
      };
    }
    this.offHandlers = opts.host.registerAll(gated);
  }

  /**
   * Opens the first session (a fresh one, or a saved one by id). Calls made meanwhile wait for
   * it, so a host can start serving (and print its URL) before the session is built.
   */
  start(sessionId?: string): Promise<void> {
    const first = (async () => {
      if (sessionId) {
        this.requireSaved(sessionId);
        await this.attach(await this.opts.open(sessionId), this.opts.store.load(sessionId).events);
      } else await this.attach(await this.opts.open(), []);
    })();
    this.ready = first.catch((err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      this.opts.host.emit('app.notice', { level: 'error', code: 'SESSION_FAILED', message: `The session could not start: ${message}`, hint: 'Fix the problem (often the config file) and restart Glassbox.' });
      throw err;
    });
    return this.ready;
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

  private list(query?: string): SessionSummary[] {
    const q = query?.trim().toLowerCase();
    return this.cachedList().filter((s) => !q || s.title.toLowerCase().includes(q) || s.id.toLowerCase().includes(q));
  }

  /**
   * The store's list parses every session file; a 100,000-event file takes seconds and would
   * stall every other call. Summaries are kept until the file (or its title) changes.
   */
  private cachedList(): SessionSummary[] {
    const dir = this.opts.store.dir;
    if (!existsSync(dir)) return [];
    const out: SessionSummary[] = [];
    const seen = new Set<string>();
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.jsonl')) continue;
      const id = name.slice(0, -'.jsonl'.length);
      if (!isValidSessionId(id)) continue;
      seen.add(id);
      const key = [join(dir, name), join(dir, `${id}.meta.json`)].map((f) => safe(() => { const st = statSync(f); return `${st.size}:${st.mtimeMs}`; }) ?? '-').join('|');
      let hit = this.summaryCache.get(id);
      if (!hit || hit.key !== key) {
        const summary = safe(() => this.opts.store.summary(id));
        if (!summary) continue;
        hit = { key, summary };
        this.summaryCache.set(id, hit);
      }
      out.push(hit.summary);
    }
    for (const id of [...this.summaryCache.keys()]) if (!seen.has(id)) this.summaryCache.delete(id);
    return out.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  private requireSaved(id: string): void {
    if (!isValidSessionId(id) || !this.opts.store.exists(id)) throw new BridgeError('NOT_FOUND', `No saved session ${id.slice(0, 80)}.`);
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
    // The store's summary parses the whole file: read it once per session, not per snapshot.
    if (id && this.savedTitle === undefined) this.savedTitle = (safe(() => this.opts.store.summary(id))?.title ?? null);
    const saved = this.savedTitle ? { title: this.savedTitle } : null;
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
    // Streaming deltas of finished messages are redundant (message_end has the whole text) and
    // are most of a real session's events: leave them out so big sessions open fast.
    const ended = new Set<string>();
    for (const e of this.events) if (e.type === 'message_end') ended.add(e.messageId);
    const events = ended.size ? this.events.filter((e) => e.type !== 'message_update' || !ended.has(e.messageId)) : this.events;
    return { summary: this.summary(), events, state: this.state() };
  }

  /** The current session pre-reduced for the window: its rows and calls instead of every event. */
  view(tail?: number): SessionView {
    return buildSessionView(this.summary(), this.state(), this.events, this.calls, this.chat, tail);
  }

  private async send(text: string): Promise<AgentState> {
    if (!this.current) throw new BridgeError('FAILED', 'No session is open.');
    if (this.current.session.running || this.runPromise) throw new BridgeError('BUSY', 'The agent is already working; stop it or wait.');
    if (!text.trim()) throw new BridgeError('BAD_ARGS', 'Type a message first.');
    if (this.stale) await this.rebuild();
    const cur = this.current;
    // Every window sees the task in agent.state: a key pasted into it is hidden like everywhere else.
    const shown = cur.session.redact ? cur.session.redact(text) : text;
    this.task = shown;
    this.lastEnd = undefined;
    const run = Promise.resolve()
      .then(() => cur.session.send(text))
      .catch((err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        this.opts.host.emit('app.notice', noticeForRunError(cur.session.redact ? cur.session.redact(message) : message));
      })
      .finally(() => {
        if (this.runPromise === run) this.runPromise = null;
        this.savedTitle = undefined;
        this.opts.host.emit('agent.state', this.state());
        this.emitList();
      });
    this.runPromise = run;
    // Let the session flip `running` (agent_start) before answering.
    await Promise.resolve();
    const state = { ...this.state(), running: true, task: shown };
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

  /** Rebuilds the current core session from its file (same id, same conversation) so new settings apply. */
  private async rebuild(): Promise<void> {
    const cur = this.current!;
    this.stale = false;
    this.offBus?.();
    this.offBus = null;
    this.current = null;
    cur.dialogs.cancelAll?.();
    await cur.session.dispose();
    const opened = await this.opts.open(cur.session.id).catch(() => this.opts.open());
    const events = this.events;
    const snapshotKept = opened.session.id === cur.session.id;
    await this.attach(opened, snapshotKept ? events : []);
    if (!snapshotKept) this.opts.host.emit('sessions.switched', this.view(FIRST_SCREEN_ROWS));
  }

  private async newSession(): Promise<SessionSummary> {
    if (this.current?.session.running) throw new BridgeError('BUSY', 'Stop the run before starting a new session.');
    await this.detach();
    await this.attach(await this.opts.open(), []);
    this.opts.host.emit('sessions.switched', this.view(FIRST_SCREEN_ROWS));
    return this.summary();
  }

  private async openSaved(id: string): Promise<SessionSummary> {
    if (this.current?.session.id === id) return this.summary();
    if (this.current?.session.running) throw new BridgeError('BUSY', 'Stop the run before opening another session.');
    this.requireSaved(id);
    const events = this.opts.store.load(id).events;
    await this.detach();
    await this.attach(await this.opts.open(id), events);
    this.opts.host.emit('sessions.switched', this.view(FIRST_SCREEN_ROWS));
    return this.summary();
  }

  private async attach(opened: OpenedSession, events: GlassboxEvent[]): Promise<void> {
    this.current = opened;
    this.stale = false;
    this.savedTitle = undefined;
    this.events = [];
    this.calls = createCallIndex();
    this.chat = emptyChat();
    this.pending = [];
    this.task = undefined;
    this.lastEnd = undefined;
    // Redacted once, on entry: everything kept here (views, calls, exports) and pushed to the
    // window is then free of secrets. A file may predate a key being configured, so it goes through too.
    const redact = opened.session.redact;
    for (const e of events) this.record(redact ? redact(e) : e, false);
    // Dialogs of a session loaded from disk cannot be answered any more.
    this.pending = opened.dialogs.pending?.() ?? [];
    const offBus = opened.session.bus.subscribe('*', redact ? (e) => this.record(redact(e), true) : (e) => this.record(e, true));
    const offDialogs = opened.dialogs.onChange?.((p) => {
      if (this.current === opened) this.setPending(p);
    });
    this.offBus = () => {
      offBus();
      offDialogs?.();
    };
  }

  private async detach(): Promise<void> {
    this.offBus?.();
    this.offBus = null;
    const cur = this.current;
    this.current = null;
    if (cur) {
      cur.dialogs.cancelAll?.();
      if (cur.session.running) await cur.session.cancel();
      await cur.session.dispose();
    }
  }

  private record(e: GlassboxEvent, live: boolean): void {
    this.events.push(e);
    applyCallEvent(this.calls, e);
    appendChatEvent(this.chat, e);
    const before = this.pending;
    // With a queue port, the queue is the truth (its onChange reports); else derive from events.
    if (!this.current?.dialogs.onChange) this.pending = applyDialogEvent(this.pending, e);
    if (e.type === 'agent_start') this.task = e.task;
    if (e.type === 'agent_end') {
      this.lastEnd = { reason: e.reason, ...(e.error ? { error: e.error } : {}) };
      if (live && e.reason === 'error' && e.error) this.opts.host.emit('app.notice', noticeForRunError(e.error));
    }
    if (!live) return;
    this.opts.host.emit('agent.event', e);
    if (this.pending !== before) this.opts.host.emit('dialogs.changed', this.pending);
    if (e.type === 'agent_start' || e.type === 'agent_end') this.opts.host.emit('agent.state', this.state());
    // An allowed approval may have added an "always" rule to the config: refresh Settings.
    if (e.type === 'approval_resolved' && e.decision === 'allow' && e.by === 'human') this.opts.host.emit('settings.changed', this.opts.settings.get());
  }

  private setPending(p: PendingDialog[]): void {
    this.pending = p;
    this.opts.host.emit('dialogs.changed', p);
  }

  private emitList(): void {
    this.opts.host.emit('sessions.changed', safe(() => this.list()) ?? []);
  }

  private exportSession(id: string): ExportedFile {
    if (isValidSessionId(id) && this.opts.store.exists(id)) return this.opts.store.export(id);
    throw new BridgeError('NOT_FOUND', `No saved session ${id.slice(0, 80)}.`);
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

function safe<T>(f: () => T): T | null {
  try {
    return f();
  } catch {
    return null;
  }
}
