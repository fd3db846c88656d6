import type { GlassboxEvent } from '../../src-shared/events/event-types';
import type { BridgeEventName, BridgeEvents } from '../../src-shared/contract/events';
import type { SessionLiveState, SessionSummary } from '../../src-shared/contract/views';
import { BridgeError } from '../../src-shared/contract/wire';
import { OpenSession, type EmitEvent, type OpenSessionDeps } from './open-session';
import { requireSaved } from './saved-session-list';
import type { OpenedSession, SessionOpener } from './session-port';

/** How long a session nobody shows stays open once it is idle (no run, nothing waiting). */
export const DEFAULT_IDLE_CLOSE_MS = 10 * 60_000;

/** One window or tab showing a session: where that session's events go, and how it hears of a rebuild. */
export interface SessionViewer {
  /** Pushes one of the shown session's events to this viewer's connection. */
  emit: EmitEvent;
  /** The session this viewer shows was rebuilt (settings changed): show `now` instead. */
  replaced(now: OpenSession): void;
}

/** What the registry needs: how to open core sessions, read saved ones, and tell everyone. */
export interface SessionRegistryOptions extends Omit<OpenSessionDeps, 'emit'> {
  open: SessionOpener;
  /** Whether a saved session exists, and its events (SessionStore). */
  saved: {
    exists(id: string): boolean;
    load(id: string): { events: GlassboxEvent[]; warnings?: string[] };
    /** The same, yielding to the event loop while it reads (SessionStore): other windows keep being served. */
    loadAsync?(id: string): Promise<{ events: GlassboxEvent[]; warnings?: string[] }>;
  };
  /** Pushes an event to every connection of the host (settings, the sessions list). */
  broadcast?: EmitEvent;
  /** A session's live state changed (the sidebar's badges). */
  liveChanged?(): void;
  /** Idle sessions nobody shows close after this long; default 10 minutes, 0 closes at once. */
  idleCloseMs?: number;
}

interface Entry {
  open: OpenSession;
  viewers: Set<SessionViewer>;
  stale: boolean;
  idle: ReturnType<typeof setTimeout> | null;
  live: SessionLiveState;
}

/**
 * Every session a host has open, each with its own core session (agent, shell, Python, MCP
 * connections), shared by the windows or tabs that show it. A viewer acquires a session and
 * releases it when it shows another one or goes away; a run keeps going with nobody watching,
 * and a session nobody shows is closed once it is idle (no run, no dialog waiting) for
 * `idleCloseMs`. Each session's events go only to its own viewers.
 */
export class SessionRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly opening = new Map<string, Promise<Entry>>();
  /** The session a new viewer shows first: the one `start` opened, then the one last acquired. */
  private lastId: string | null = null;
  private readyPromise: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(private readonly opts: SessionRegistryOptions) {}

  /** The saved session the host's start is opening (until it is open), else null. */
  startingId: string | null = null;

  /** Settles when the first session is built (rejects when it could not be). */
  get ready(): Promise<void> {
    return this.readyPromise;
  }

  /** Opens the host's first session (a fresh one, or a saved one by id), shown by the first viewer. */
  start(sessionId?: string): Promise<void> {
    this.startingId = sessionId ?? null;
    const first = (async () => {
      if (sessionId !== undefined) requireSaved(this.opts.saved, sessionId);
      const e = await this.load(sessionId ?? null);
      this.lastId = e.open.id;
      this.scheduleIdle(e);
    })().finally(() => (this.startingId = null));
    this.readyPromise = first;
    return first;
  }

  /** The open session with this id, if any. */
  get(id: string): OpenSession | null {
    return this.entries.get(id)?.open ?? null;
  }

  /** Every open session. */
  list(): OpenSession[] {
    return [...this.entries.values()].map((e) => e.open);
  }

  /** Each open session's live state, by id (the sidebar shows it beside the saved sessions). */
  liveStates(): Map<string, SessionLiveState> {
    return new Map([...this.entries].map(([id, e]) => [id, e.live]));
  }

  /**
   * The saved sessions with the live state of those open here; open conversations whose file is
   * not listed yet (just given a task) come first, so the sidebar shows a run, titled by its task,
   * from the moment it is sent. An open session never given a task is no row.
   */
  withLive(summaries: SessionSummary[], query?: string): SessionSummary[] {
    const listed = new Set(summaries.map((s) => s.id));
    const extra: SessionSummary[] = [];
    if (!query)
      for (const e of this.entries.values())
        if (!listed.has(e.open.id) && e.open.isConversation) extra.push({ ...e.open.summary(), live: e.live });
    const out = summaries.map((s) => {
      const e = this.entries.get(s.id);
      return e ? { ...s, live: e.live } : s;
    });
    return [...extra, ...out];
  }

  /** The session a viewer that has shown nothing yet shows: the last one used, else a new one. */
  async acquireDefault(viewer: SessionViewer): Promise<OpenSession> {
    await this.readyPromise.catch(() => undefined);
    const id = this.lastId && this.entries.has(this.lastId) ? this.lastId : null;
    return id ? this.acquire(viewer, id) : this.acquire(viewer, null);
  }

  /** Shows a session to a viewer: an open one by id, a saved one (opened from its file), or a new one (null). */
  async acquire(viewer: SessionViewer, id: string | null): Promise<OpenSession> {
    if (id !== null && !this.entries.has(id)) requireSaved(this.opts.saved, id);
    const e = await this.load(id);
    if (e.idle) clearTimeout(e.idle);
    e.idle = null;
    e.viewers.add(viewer);
    this.lastId = e.open.id;
    return e.open;
  }

  /** A viewer no longer shows this session; nobody showing it and idle, it closes after a while. */
  release(viewer: SessionViewer, open: OpenSession): void {
    const e = this.entries.get(open.id);
    if (!e || e.open !== open) return;
    e.viewers.delete(viewer);
    this.scheduleIdle(e);
  }

  /** Settings changed: each open session is rebuilt before its next send. */
  markStale(): void {
    for (const e of this.entries.values()) e.stale = true;
  }

  /**
   * Sends the user's message in a session, rebuilt first when settings changed since it was
   * built (same id, same conversation; its viewers are told to show the new one).
   */
  async send(open: OpenSession, text: string) {
    open.checkSend(text);
    const e = this.entries.get(open.id);
    const target = e && e.open === open && e.stale ? await this.rebuild(e) : open;
    return target.send(text);
  }

  /** Retries the session's last run (rebuilt first when settings changed: a fixed model is used). */
  async retry(open: OpenSession) {
    open.checkRetry();
    const e = this.entries.get(open.id);
    const target = e && e.open === open && e.stale ? await this.rebuild(e) : open;
    return target.retry();
  }

  /** Closes one session now, whoever shows it (a single-window host leaving it). */
  async closeNow(id: string): Promise<void> {
    const e = this.entries.get(id);
    if (!e) return;
    if (e.idle) clearTimeout(e.idle);
    this.entries.delete(id);
    await e.open.close();
  }

  /** Closes a session that is not running (its file is about to be deleted); BUSY while it runs. */
  async closeIdle(id: string): Promise<void> {
    const e = this.entries.get(id);
    if (!e) return;
    if (e.open.busy) throw new BridgeError('BUSY', 'Stop the run before deleting its session.');
    await this.closeNow(id);
  }

  /** Closes every session (host shutting down). */
  async dispose(): Promise<void> {
    this.disposed = true;
    const all = [...this.entries.values()];
    this.entries.clear();
    for (const e of all) if (e.idle) clearTimeout(e.idle);
    await Promise.all(all.map((e) => e.open.close()));
  }

  private load(id: string | null): Promise<Entry> {
    const have = id !== null ? this.entries.get(id) : undefined;
    if (have) return Promise.resolve(have);
    const key = id ?? `new:${Math.random()}`;
    const pending = this.opening.get(key);
    if (pending) return pending;
    const p = (async () => {
      // Read once, without blocking the host, and handed to the core session (which would read it again).
      const saved = id !== null ? await (this.opts.saved.loadAsync ? this.opts.saved.loadAsync(id) : this.opts.saved.load(id)) : null;
      const opened = await this.opts.open(id ?? undefined, saved ? { events: saved.events, warnings: saved.warnings ?? [] } : undefined);
      return this.add(opened, saved?.events ?? []);
    })().finally(() => this.opening.delete(key));
    this.opening.set(key, p);
    return p;
  }

  private add(opened: OpenedSession, events: readonly GlassboxEvent[], viewers = new Set<SessionViewer>()): Entry {
    const entry: Entry = { open: null as unknown as OpenSession, viewers, stale: false, idle: null, live: 'idle' };
    const emit: EmitEvent = <E extends BridgeEventName>(name: E, payload: BridgeEvents[E]) => {
      // Settings belong to the host: every window hears of an "always" rule added here.
      if (name === 'settings.changed' && this.opts.broadcast) this.opts.broadcast(name, payload);
      else for (const v of [...entry.viewers]) v.emit(name, payload);
      // A run's start and end always refresh the list (a new session's file appears with its first events).
      if (name === 'agent.state' || name === 'dialogs.changed') this.updateLive(entry, name === 'agent.state');
    };
    entry.open = new OpenSession(opened, events, { ...this.opts, emit });
    entry.live = liveStateOf(entry.open);
    this.entries.set(entry.open.id, entry);
    return entry;
  }

  private updateLive(e: Entry, always = false): void {
    const live = liveStateOf(e.open);
    if (!e.open.busy) this.scheduleIdle(e);
    if (live === e.live && !always) return;
    e.live = live;
    this.opts.liveChanged?.();
  }

  private async rebuild(e: Entry): Promise<OpenSession> {
    const old = e.open;
    this.entries.delete(old.id);
    await old.close();
    const opened = await this.opts.open(old.id).catch(() => this.opts.open());
    const kept = opened.session.id === old.id;
    const now = this.add(opened, kept ? old.events : [], e.viewers);
    for (const v of [...e.viewers]) v.replaced(now.open);
    return now.open;
  }

  private scheduleIdle(e: Entry): void {
    if (this.disposed || e.idle || e.viewers.size > 0 || e.open.busy || e.open.pending.length > 0) return;
    e.idle = setTimeout(() => {
      e.idle = null;
      if (e.viewers.size > 0 || e.open.busy || e.open.pending.length > 0 || this.entries.get(e.open.id) !== e) return;
      this.entries.delete(e.open.id);
      void e.open.close();
      this.opts.liveChanged?.();
    }, this.opts.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS);
    // An idle timer alone keeps no process alive (CLI tests, `glassbox web` stopping).
    (e.idle as { unref?: () => void }).unref?.();
  }
}

/** What the sidebar shows of an open session. */
export function liveStateOf(open: OpenSession): SessionLiveState {
  if (open.busy) return open.pending.length > 0 ? 'needs-you' : 'running';
  if (open.pending.length > 0) return 'needs-you';
  const end = open.state().lastEnd?.reason;
  if (end === 'error') return 'failed';
  if (end === 'cancelled') return 'cancelled';
  if (end === 'finished' || end === 'max_steps') return 'finished';
  return 'idle';
}
