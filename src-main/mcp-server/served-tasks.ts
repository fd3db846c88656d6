import { randomUUID } from 'node:crypto';
import { ProtocolError, ProtocolErrorCode, type CallToolResult } from '@modelcontextprotocol/server';

/** A task's status (MCP 2025-11-25 `tasks`). */
export type ServedTaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A task as the protocol shows it (`tasks/get`, `tasks/list`, `notifications/tasks/status`). */
export interface ServedTask {
  taskId: string;
  status: ServedTaskStatus;
  statusMessage?: string;
  /** ISO 8601. */
  createdAt: string;
  lastUpdatedAt: string;
  /** Milliseconds from creation the task is kept. */
  ttl: number;
  /** Milliseconds the client should wait between `tasks/get`. */
  pollInterval: number;
}

/** Limits of the task store. */
export interface ServedTasksOptions {
  /** Most tasks kept at once (running and finished); default 32. */
  maxTasks?: number;
  /** Longest time to live a client may ask for; default one hour. */
  maxTtlMs?: number;
  /** The time to live when the client asks for none; default ten minutes. */
  defaultTtlMs?: number;
  /** Shortest time to live (a smaller ask is raised to it); default five seconds. */
  minTtlMs?: number;
  pollIntervalMs?: number;
}

interface Entry {
  task: ServedTask;
  /** The connection that made it: only it sees the task (another client's ids are unknown to it). */
  owner: object;
  callId: string;
  controller: AbortController;
  result?: CallToolResult;
  finished: Promise<void>;
  finish: () => void;
  expiry: NodeJS.Timeout;
  notify: (task: ServedTask) => void;
  lastMessageAt: number;
}

const TERMINAL = new Set<ServedTaskStatus>(['completed', 'failed', 'cancelled']);

/** True for a status a task never leaves. */
export function isTerminalStatus(s: ServedTaskStatus): boolean {
  return TERMINAL.has(s);
}

/**
 * The tasks `glassbox mcp serve` runs for task-augmented `tools/call`s: each is the call through
 * the session's runner, kept until its time to live ends. Bounded: at most `maxTasks` at once
 * (the oldest finished one makes room; when all are running, a new one is refused), and no task
 * lives longer than `maxTtlMs` — a task still running at the end of its time is stopped (its
 * process killed) and forgotten. A task is visible only to the connection that made it.
 */
export class ServedTasks {
  private readonly entries = new Map<string, Entry>();
  private readonly byCall = new Map<string, Entry>();
  private readonly o: Required<ServedTasksOptions>;

  constructor(opts: ServedTasksOptions = {}) {
    this.o = {
      maxTasks: opts.maxTasks ?? 32,
      maxTtlMs: opts.maxTtlMs ?? 60 * 60_000,
      defaultTtlMs: opts.defaultTtlMs ?? 10 * 60_000,
      minTtlMs: opts.minTtlMs ?? 5_000,
      pollIntervalMs: opts.pollIntervalMs ?? 1_000,
    };
  }

  /** The time to live a request's `task.ttl` gets (defaulted and bounded). */
  ttlFor(requested: unknown): number {
    const n = typeof requested === 'number' && Number.isFinite(requested) ? requested : this.o.defaultTtlMs;
    return Math.round(Math.min(this.o.maxTtlMs, Math.max(this.o.minTtlMs, n)));
  }

  /**
   * Starts a task that runs `run` (the call, given the task's abort signal) and answers at once.
   * `notify` is told every status change (the connection's `notifications/tasks/status`).
   */
  start(owner: object, callId: string, requestedTtl: unknown, notify: (t: ServedTask) => void, run: (signal: AbortSignal) => Promise<CallToolResult>): ServedTask {
    this.makeRoom();
    const now = new Date().toISOString();
    const ttl = this.ttlFor(requestedTtl);
    const task: ServedTask = { taskId: randomUUID(), status: 'working', statusMessage: 'running', createdAt: now, lastUpdatedAt: now, ttl, pollInterval: this.o.pollIntervalMs };
    let finish!: () => void;
    const finished = new Promise<void>((r) => (finish = r));
    const entry: Entry = {
      task,
      owner,
      callId,
      controller: new AbortController(),
      finished,
      finish,
      notify,
      lastMessageAt: 0,
      expiry: setTimeout(() => this.expire(task.taskId), ttl),
    };
    entry.expiry.unref?.();
    this.entries.set(task.taskId, entry);
    this.byCall.set(callId, entry);
    run(entry.controller.signal).then(
      (result) => this.settle(entry, result.isError ? 'failed' : 'completed', result),
      (err: unknown) => this.settle(entry, 'failed', { content: [{ type: 'text', text: `Error: ${err instanceof Error ? err.message : String(err)}` }], isError: true }),
    );
    return { ...task };
  }

  /** `tasks/get`. */
  get(owner: object, taskId: string): ServedTask {
    return { ...this.entry(owner, taskId).task };
  }

  /** `tasks/list`: this connection's tasks, newest last. */
  list(owner: object): ServedTask[] {
    return [...this.entries.values()].filter((e) => e.owner === owner).map((e) => ({ ...e.task }));
  }

  /**
   * `tasks/result`: waits until the task is finished, then its call's result (a failed call's is
   * its error result). A cancelled task has none: that is an error.
   */
  async result(owner: object, taskId: string, signal?: AbortSignal): Promise<CallToolResult> {
    const e = this.entry(owner, taskId);
    if (!isTerminalStatus(e.task.status)) {
      await new Promise<void>((resolve, reject) => {
        const onAbort = (): void => reject(new ProtocolError(ProtocolErrorCode.InternalError, 'tasks/result was cancelled'));
        signal?.addEventListener('abort', onAbort, { once: true });
        void e.finished.then(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        });
      });
    }
    if (e.task.status === 'cancelled' || !e.result) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${taskId} was cancelled: it has no result`);
    return { ...e.result, _meta: { ...(e.result._meta ?? {}), 'io.modelcontextprotocol/related-task': { taskId } } };
  }

  /** `tasks/cancel`: stops the call (its process is killed) and answers the task as it is now. */
  cancel(owner: object, taskId: string): ServedTask {
    const e = this.entry(owner, taskId);
    if (isTerminalStatus(e.task.status)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Cannot cancel task ${taskId}: it is already ${e.task.status}`);
    this.settle(e, 'cancelled', undefined, 'cancelled by the client');
    return { ...e.task };
  }

  /** A progress or log line of the task's call becomes its status message (at most one notification a second). */
  message(callId: string, text: string): void {
    const e = this.byCall.get(callId);
    if (!e || isTerminalStatus(e.task.status)) return;
    e.task.statusMessage = text.slice(0, 500);
    const now = Date.now();
    if (now - e.lastMessageAt < 1000) return;
    e.lastMessageAt = now;
    this.touch(e);
  }

  /** How many tasks are kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** Stops every running task and forgets them all (the server is closing). */
  close(): void {
    for (const e of [...this.entries.values()]) {
      if (!isTerminalStatus(e.task.status)) e.controller.abort(new Error('the server is closing'));
      this.drop(e);
    }
  }

  /** Forgets the tasks of a connection that closed, stopping those still running. */
  forget(owner: object): void {
    for (const e of [...this.entries.values()]) {
      if (e.owner !== owner) continue;
      if (!isTerminalStatus(e.task.status)) e.controller.abort(new Error('the client went away'));
      this.drop(e);
    }
  }

  private entry(owner: object, taskId: string): Entry {
    const e = typeof taskId === 'string' ? this.entries.get(taskId) : undefined;
    if (!e || e.owner !== owner) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown task: ${String(taskId).slice(0, 100)}`);
    return e;
  }

  private settle(e: Entry, status: ServedTaskStatus, result?: CallToolResult, message?: string): void {
    if (isTerminalStatus(e.task.status)) return;
    e.task.status = status;
    e.task.statusMessage = message ?? status;
    if (result) e.result = result;
    if (status === 'cancelled') e.controller.abort(new Error('the task was cancelled'));
    this.touch(e);
    e.finish();
  }

  private touch(e: Entry): void {
    e.task.lastUpdatedAt = new Date().toISOString();
    try {
      e.notify({ ...e.task });
    } catch {
      // The connection is gone; the task still runs to its end.
    }
  }

  private expire(taskId: string): void {
    const e = this.entries.get(taskId);
    if (!e) return;
    if (!isTerminalStatus(e.task.status)) this.settle(e, 'cancelled', undefined, 'its time to live ended');
    this.drop(e);
  }

  private drop(e: Entry): void {
    clearTimeout(e.expiry);
    this.entries.delete(e.task.taskId);
    this.byCall.delete(e.callId);
    e.finish();
  }

  private makeRoom(): void {
    if (this.entries.size < this.o.maxTasks) return;
    const oldestDone = [...this.entries.values()].find((e) => isTerminalStatus(e.task.status));
    if (oldestDone) return this.drop(oldestDone);
    throw new ProtocolError(ProtocolErrorCode.InvalidRequest, `Too many tasks running (at most ${this.o.maxTasks}): wait for one to finish or cancel one`);
  }
}
