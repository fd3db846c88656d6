import type { SessionSummary, SessionView } from '../../src-shared/contract/views';
import { FIRST_SCREEN_ROWS } from '../../src-shared/contract/views';
import { BridgeError } from '../../src-shared/contract/wire';
import type { OpenSession, OpenSessionDeps } from './open-session';
import { SessionRegistry, type SessionRegistryOptions, type SessionViewer } from './session-registry';
import type { SessionOpener } from './session-port';

/** What the current-session owner needs: how to open core sessions, read saved ones, and push events. */
export interface CurrentSessionOptions extends OpenSessionDeps {
  open: SessionOpener;
  /** Whether a saved session exists, and its events (SessionStore). */
  saved: SessionRegistryOptions['saved'];
  /**
   * The host's open sessions, shared with the other windows and tabs; default a registry of this
   * viewer's own (one window, the sessions it closes are closed at once).
   */
  registry?: SessionRegistry;
  /**
   * The first screen of a saved session that is not open yet, from the end of its file (null:
   * none; it opens whole). Lets a long session paint before it is read whole.
   */
  preview?: (id: string) => SessionView | null;
}

/** Told about every session that becomes current (and null when none is). */
export type SessionSwitchListener = (session: OpenSession | null) => void;

/**
 * Which session one window or tab (one bridge connection) shows. It attaches to an
 * OpenSession of the host's SessionRegistry (`start`, `openNew`, `openSaved`), lets go of it
 * when it shows another one (the other keeps running, and windows showing it keep showing it),
 * and follows a rebuild after a settings change; readers (the session and workbench bridges of
 * this connection) follow it with `onSwitch`. Calls made while the first session is still being
 * built wait for it (`ready`). `emit` goes to this viewer's connection only.
 */
export class CurrentSession {
  private open: OpenSession | null = null;
  private readonly listeners = new Set<SessionSwitchListener>();
  private readyPromise: Promise<void> = Promise.resolve();
  private readonly registry: SessionRegistry;
  /** This viewer's registry is its own: a session it leaves is closed at once (the single-window host of old). */
  private readonly ownRegistry: boolean;
  private readonly viewer: SessionViewer;
  /** A saved session on its way to being shown (its file is being read), and its first screen. */
  private opening: { id: string; preview?: SessionView | null } | null = null;
  /** Settles when a switch to another session is done (never rejects). */
  private switchingPromise: Promise<void> = Promise.resolve();

  constructor(private readonly opts: CurrentSessionOptions) {
    this.ownRegistry = !opts.registry;
    this.registry = opts.registry ?? new SessionRegistry({ ...opts, idleCloseMs: 0 });
    this.viewer = {
      emit: (name, payload) => opts.emit(name, payload),
      replaced: (now) => this.show(now),
    };
  }

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

  /** Settles when the switches under way (a new or saved session being opened) are done. */
  get switching(): Promise<void> {
    return this.switchingPromise;
  }

  /**
   * While a long saved session is being opened for this viewer, its first screen from the end of
   * its file (`tail` rows asked): the window paints it at once and asks for the whole view, which
   * waits for the session. Null otherwise.
   */
  previewView(tail: number | undefined): SessionView | null {
    const o = this.opening;
    if (tail === undefined || !o || this.open?.id === o.id || !this.opts.preview) return null;
    if (o.preview === undefined) o.preview = this.opts.preview(o.id);
    return o.preview;
  }

  /** Follows the current session; the listener is called at once with it when there is one. Returns a disposer. */
  onSwitch(listener: SessionSwitchListener): () => void {
    this.listeners.add(listener);
    if (this.open) listener(this.open);
    return () => this.listeners.delete(listener);
  }

  /**
   * Shows the first session: a saved one by id, else (with a shared registry) the one the host
   * shows last, else a fresh one. Calls made meanwhile wait for it, so a host can start serving
   * (and print its URL) before the session is built.
   */
  start(sessionId?: string): Promise<void> {
    const startingId = sessionId ?? (this.ownRegistry ? null : this.registry.startingId);
    if (startingId !== null && startingId !== undefined && !this.registry.get(startingId)) this.opening = { id: startingId };
    const first = (async () => {
      if (this.ownRegistry) await this.registry.start(sessionId);
      else if (sessionId !== undefined && (this.registry.get(sessionId) || this.opts.saved.exists(sessionId))) {
        // A reloaded tab gets its own session back (a gone one: the default, below).
        this.show(await this.registry.acquire(this.viewer, sessionId));
        return;
      }
      this.show(await this.registry.acquireDefault(this.viewer));
    })();
    this.readyPromise = first.finally(() => (this.opening = null)).catch((err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      this.opts.emit('app.notice', { level: 'error', code: 'SESSION_FAILED', message: `The session could not start: ${message}`, hint: 'Fix the problem (often the config file) and restart Glassbox.' });
      throw err;
    });
    return this.readyPromise;
  }

  /** Shows a fresh session first (a new desktop window). */
  startNew(): Promise<void> {
    this.readyPromise = (async () => this.show(await this.registry.acquire(this.viewer, null)))();
    return this.readyPromise;
  }

  /** Settings changed: the next send in each open session rebuilds it (same id, same conversation). */
  markStale(): void {
    this.registry.markStale();
  }

  /** Sends the user's message in the current session, rebuilt first when settings changed. */
  async send(text: string) {
    return this.registry.send(this.require(), text);
  }

  /** Runs the current session's conversation again as it is (Retry after a failed run), rebuilt first when settings changed. */
  async retry() {
    return this.registry.retry(this.require());
  }

  /** Shows a fresh session in this window; the one shown before keeps running if it runs. */
  async openNew(): Promise<SessionSummary> {
    this.refuseLeavingRun('Stop the run before starting a new session.');
    const done = this.beginSwitch();
    try {
      const opened = await this.registry.acquire(this.viewer, null);
      await this.leave();
      this.show(opened);
      this.opts.emit('sessions.switched', opened.view(FIRST_SCREEN_ROWS));
      return opened.summary();
    } finally {
      done();
    }
  }

  /** Shows a session in this window: an open one (running or not), or a saved one resumed from its file. */
  async openSaved(id: string): Promise<SessionSummary> {
    if (this.open?.id === id) return this.open.summary();
    this.refuseLeavingRun('Stop the run before opening another session.');
    // A long session not open yet: its first screen now, from the end of its file; the window
    // asks for the whole view, which waits for this switch.
    const preview = this.registry.get(id) || !this.opts.preview ? null : this.opts.preview(id);
    const done = this.beginSwitch();
    try {
      if (preview) {
        this.opening = { id, preview };
        this.opts.emit('sessions.switched', preview);
      }
      const opened = await this.registry.acquire(this.viewer, id);
      await this.leave();
      this.show(opened);
      if (!preview) this.opts.emit('sessions.switched', opened.view(FIRST_SCREEN_ROWS));
      return opened.summary();
    } catch (err) {
      // It could not be opened: the window goes back to what this viewer still shows.
      if (preview && this.open) this.opts.emit('sessions.switched', this.open.view(FIRST_SCREEN_ROWS));
      throw err;
    } finally {
      if (this.opening?.id === id) this.opening = null;
      done();
    }
  }

  /** This window goes away: it lets go of its session (closed at once only when the registry is its own). */
  async dispose(): Promise<void> {
    await this.leave();
    if (this.ownRegistry) await this.registry.dispose();
  }

  /**
   * A switch starts: until the returned function is called, `switching` is pending, so a message
   * sent meanwhile (typed straight after New session) goes to the session being opened, not the
   * one being left. Switches that overlap are all waited for.
   */
  private beginSwitch(): () => void {
    let done = (): void => undefined;
    const mine = new Promise<void>((r) => (done = r));
    this.switchingPromise = Promise.all([this.switchingPromise, mine]).then(() => undefined);
    return done;
  }

  /** With a registry of its own, leaving a running session would kill it: refuse, as before. */
  private refuseLeavingRun(message: string): void {
    if (this.ownRegistry && this.open?.core.running) throw new BridgeError('BUSY', message);
  }

  private show(session: OpenSession): void {
    if (this.open === session) return;
    if (this.open) for (const l of [...this.listeners]) l(null);
    this.open = session;
    for (const l of [...this.listeners]) l(session);
  }

  private async leave(): Promise<void> {
    const old = this.open;
    if (!old) return;
    this.open = null;
    for (const l of [...this.listeners]) l(null);
    this.registry.release(this.viewer, old);
    if (this.ownRegistry && this.registry.get(old.id) === old) await this.registry.closeNow(old.id);
  }
}
