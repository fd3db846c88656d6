import type { GlassboxEvent } from '../../src-shared/events/event-types';
import type { SessionSummary } from '../../src-shared/contract/views';
import { FIRST_SCREEN_ROWS } from '../../src-shared/contract/views';
import { BridgeError } from '../../src-shared/contract/wire';
import { OpenSession, type OpenSessionDeps } from './open-session';
import { requireSaved } from './saved-session-list';
import type { OpenedSession, SessionOpener } from './session-port';

/** What the current-session owner needs: how to open core sessions, read saved ones, and push events. */
export interface CurrentSessionOptions extends OpenSessionDeps {
  open: SessionOpener;
  /** Whether a saved session exists, and its events (SessionStore). */
  saved: { exists(id: string): boolean; load(id: string): { events: GlassboxEvent[] } };
}

/** Told about every session that becomes current (and null when none is). */
export type SessionSwitchListener = (session: OpenSession | null) => void;

/**
 * The one owner of a host's current session: attaches a core session as an OpenSession,
 * detaches (closes) it, rebuilds it when settings changed, and tells its readers (the session
 * and workbench bridges) when it switched. Calls made while the first session is still being
 * built wait for it (`ready`).
 */
export class CurrentSession {
  private open: OpenSession | null = null;
  private readonly listeners = new Set<SessionSwitchListener>();
  /** Settings changed since the current core session was built. */
  private stale = false;
  private readyPromise: Promise<void> = Promise.resolve();

  constructor(private readonly opts: CurrentSessionOptions) {}

  /** The current session, or null (before the first one is built, after dispose). */
  get session(): OpenSession | null {
    return this.open;
  }

  /** The current session; FAILED when none is open. */
  require(): OpenSession {
    if (!this.open) throw new BridgeError('FAILED', 'No session is open.');
    return this.open;
  }

  /** Settles when the first session is built (rejects when it could not be). */
  get ready(): Promise<void> {
    return this.readyPromise;
  }

  /** Follows the current session; the listener is called at once with it when there is one. Returns a disposer. */
  onSwitch(listener: SessionSwitchListener): () => void {
    this.listeners.add(listener);
    if (this.open) listener(this.open);
    return () => this.listeners.delete(listener);
  }

  /**
   * Opens the first session (a fresh one, or a saved one by id). Calls made meanwhile wait for
   * it, so a host can start serving (and print its URL) before the session is built.
   */
  start(sessionId?: string): Promise<void> {
    const first = (async () => {
      if (sessionId) {
        requireSaved(this.opts.saved, sessionId);
        await this.attach(await this.opts.open(sessionId), this.opts.saved.load(sessionId).events);
      } else await this.attach(await this.opts.open(), []);
    })();
    this.readyPromise = first.catch((err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      this.opts.emit('app.notice', { level: 'error', code: 'SESSION_FAILED', message: `The session could not start: ${message}`, hint: 'Fix the problem (often the config file) and restart Glassbox.' });
      throw err;
    });
    return this.readyPromise;
  }

  /** Settings changed: the next send rebuilds the core session (same id, same conversation). */
  markStale(): void {
    this.stale = true;
  }

  /** Sends the user's message in the current session, rebuilt first when settings changed. */
  async send(text: string) {
    this.require().checkSend(text);
    if (this.stale) await this.rebuild();
    return this.require().send(text);
  }

  /** Closes the current session and opens a fresh one. */
  async openNew(): Promise<SessionSummary> {
    if (this.open?.core.running) throw new BridgeError('BUSY', 'Stop the run before starting a new session.');
    await this.detach();
    const opened = await this.attach(await this.opts.open(), []);
    this.opts.emit('sessions.switched', opened.view(FIRST_SCREEN_ROWS));
    return opened.summary();
  }

  /** Makes a saved session the current one (resumed from its file). */
  async openSaved(id: string): Promise<SessionSummary> {
    if (this.open?.id === id) return this.open.summary();
    if (this.open?.core.running) throw new BridgeError('BUSY', 'Stop the run before opening another session.');
    requireSaved(this.opts.saved, id);
    const events = this.opts.saved.load(id).events;
    await this.detach();
    const opened = await this.attach(await this.opts.open(id), events);
    this.opts.emit('sessions.switched', opened.view(FIRST_SCREEN_ROWS));
    return opened.summary();
  }

  /** Closes the current session for good (host shutting down). */
  async dispose(): Promise<void> {
    await this.detach();
  }

  /**
   * Rebuilds the current core session from its file so new settings apply; the events seen so
   * far carry over (through the new session's redactor: a key set meanwhile is hidden in them too).
   */
  private async rebuild(): Promise<void> {
    const old = this.require();
    this.stale = false;
    await this.detach();
    const opened = await this.opts.open(old.id).catch(() => this.opts.open());
    const kept = opened.session.id === old.id;
    const now = await this.attach(opened, kept ? old.events : []);
    if (!kept) this.opts.emit('sessions.switched', now.view(FIRST_SCREEN_ROWS));
  }

  private async attach(opened: OpenedSession, events: readonly GlassboxEvent[]): Promise<OpenSession> {
    const session = new OpenSession(opened, events, this.opts);
    this.open = session;
    this.stale = false;
    for (const l of [...this.listeners]) l(session);
    return session;
  }

  private async detach(): Promise<void> {
    const old = this.open;
    if (!old) return;
    this.open = null;
    for (const l of [...this.listeners]) l(null);
    await old.close();
  }
}
