/** Default time an HTTP session may go without a request before it is closed. */
export const DEFAULT_SESSION_IDLE_MS = 10 * 60_000;
/** Default number of HTTP sessions open at once. */
export const DEFAULT_MAX_SESSIONS = 64;

/** What the pool needs of a session. */
export interface PooledConnection {
  close(): Promise<void>;
}

interface Entry<S> {
  session: S;
  lastSeen: number;
  /** Requests of this session being answered now (a session answering one is never idle). */
  busy: number;
}

/** Pool limits. */
export interface ConnectionPoolOptions {
  idleMs?: number;
  maxSessions?: number;
  now?: () => number;
}

/**
 * The 2025-era HTTP sessions of `mcp serve --http`, with limits: a session that has gone
 * `idleMs` without a request is closed (its client gets 404 and starts a new one, as the spec
 * says), and at most `maxSessions` are open — a new one pushes out the longest idle, or is
 * refused when every session is answering a request. Without this a client that never sent
 * DELETE kept its session, its server instance and its event log forever.
 */
export class LegacyConnectionPool<S extends PooledConnection> {
  private readonly entries = new Map<string, Entry<S>>();
  readonly idleMs: number;
  readonly maxSessions: number;
  private readonly now: () => number;
  private timer?: NodeJS.Timeout;

  constructor(opts: ConnectionPoolOptions = {}) {
    this.idleMs = opts.idleMs ?? DEFAULT_SESSION_IDLE_MS;
    this.maxSessions = opts.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Starts the sweep that closes idle sessions. */
  start(): void {
    const every = Math.max(50, Math.min(30_000, Math.floor(this.idleMs / 4)));
    this.timer = setInterval(() => void this.sweep(), every);
    this.timer.unref();
  }

  /** Makes room for one more session; false when every open one is busy. */
  async makeRoom(): Promise<boolean> {
    if (this.entries.size < this.maxSessions) return true;
    let oldest: [string, Entry<S>] | undefined;
    for (const e of this.entries) if (e[1].busy === 0 && (!oldest || e[1].lastSeen < oldest[1].lastSeen)) oldest = e;
    if (!oldest) return false;
    await this.drop(oldest[0]);
    return true;
  }

  add(id: string, session: S): void {
    this.entries.set(id, { session, lastSeen: this.now(), busy: 0 });
  }

  /**
   * The session, marked as seen now. One idle past `idleMs` is closed here and then, whether or
   * not the sweep came by yet (it runs every quarter of `idleMs`, later on a busy machine).
   */
  get(id: string): S | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    if (e.busy === 0 && e.lastSeen <= this.now() - this.idleMs) {
      void this.drop(id);
      return undefined;
    }
    e.lastSeen = this.now();
    return e.session;
  }

  /** Marks a request of the session as started; the returned function marks it done. */
  begin(id: string): () => void {
    const e = this.entries.get(id);
    if (!e) return () => undefined;
    e.busy++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      e.busy--;
      e.lastSeen = this.now();
    };
  }

  /** Forgets a session (it closed itself). */
  delete(id: string): void {
    this.entries.delete(id);
  }

  private async drop(id: string): Promise<void> {
    const e = this.entries.get(id);
    if (!e) return;
    this.entries.delete(id);
    await e.session.close().catch(() => undefined);
  }

  /** Closes sessions idle for longer than `idleMs`. */
  async sweep(): Promise<void> {
    const cutoff = this.now() - this.idleMs;
    const idle = [...this.entries].filter(([, e]) => e.busy === 0 && e.lastSeen <= cutoff).map(([id]) => id);
    await Promise.all(idle.map((id) => this.drop(id)));
  }

  /** Closes every session. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.entries.keys()].map((id) => this.drop(id)));
  }
}
