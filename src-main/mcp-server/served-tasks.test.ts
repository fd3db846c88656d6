import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServedTasks, type ServedTask } from './served-tasks';

/** A call that runs until its signal aborts or `finish` is called. */
function pending(): { run: (signal: AbortSignal) => Promise<CallToolResult>; finish: (text: string, isError?: boolean) => void; aborted: () => boolean } {
  let done!: (r: CallToolResult) => void;
  let signal: AbortSignal | undefined;
  return {
    run: (s) => {
      signal = s;
      return new Promise<CallToolResult>((r) => (done = r));
    },
    finish: (text, isError) => done({ content: [{ type: 'text', text }], ...(isError ? { isError: true } : {}) }),
    aborted: () => !!signal?.aborted,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ServedTasks', () => {
  it('keeps a task for its owner only, and tells each status change', async () => {
    const tasks = new ServedTasks();
    const seen: ServedTask[] = [];
    const owner = {};
    const call = pending();
    const t = tasks.start(owner, 'c1', 30_000, (x) => seen.push(x), call.run);
    expect(t).toMatchObject({ status: 'working', ttl: 30_000 });
    expect(() => tasks.get({}, t.taskId)).toThrow(/Unknown task/);
    expect(tasks.list({})).toEqual([]);
    const result = tasks.result(owner, t.taskId);
    call.finish('out');
    expect(await result).toMatchObject({ content: [{ type: 'text', text: 'out' }], _meta: { 'io.modelcontextprotocol/related-task': { taskId: t.taskId } } });
    expect(tasks.get(owner, t.taskId).status).toBe('completed');
    expect(seen.map((s) => s.status)).toEqual(['completed']);
  });

  it('marks an error result failed, and still gives it', async () => {
    const tasks = new ServedTasks();
    const owner = {};
    const call = pending();
    const t = tasks.start(owner, 'c1', undefined, () => undefined, call.run);
    call.finish('Error: no', true);
    expect((await tasks.result(owner, t.taskId)).isError).toBe(true);
    expect(tasks.get(owner, t.taskId).status).toBe('failed');
  });

  it('bounds the time to live a client asks for', () => {
    const tasks = new ServedTasks({ maxTtlMs: 60_000, minTtlMs: 5_000, defaultTtlMs: 20_000 });
    expect(tasks.ttlFor(10 ** 12)).toBe(60_000);
    expect(tasks.ttlFor(1)).toBe(5_000);
    expect(tasks.ttlFor(undefined)).toBe(20_000);
    expect(tasks.ttlFor('3600000')).toBe(20_000);
    expect(tasks.ttlFor(Number.NaN)).toBe(20_000);
  });

  it('stops a task still running when its time to live ends, and forgets it', () => {
    vi.useFakeTimers();
    const tasks = new ServedTasks({ minTtlMs: 1_000 });
    const owner = {};
    const call = pending();
    const seen: string[] = [];
    const t = tasks.start(owner, 'c1', 2_000, (x) => seen.push(x.status), call.run);
    vi.advanceTimersByTime(1_999);
    expect(call.aborted()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(call.aborted()).toBe(true);
    expect(seen).toEqual(['cancelled']);
    expect(() => tasks.get(owner, t.taskId)).toThrow(/Unknown task/);
    expect(tasks.size).toBe(0);
  });

  it('holds at most maxTasks: a finished one makes room, all running refuses a new one', async () => {
    const tasks = new ServedTasks({ maxTasks: 2 });
    const owner = {};
    const a = pending();
    const b = pending();
    const ta = tasks.start(owner, 'a', undefined, () => undefined, a.run);
    tasks.start(owner, 'b', undefined, () => undefined, b.run);
    expect(() => tasks.start(owner, 'c', undefined, () => undefined, pending().run)).toThrow(/Too many tasks running \(at most 2\)/);
    a.finish('a done');
    await tasks.result(owner, ta.taskId);
    tasks.start(owner, 'c', undefined, () => undefined, pending().run);
    expect(tasks.size).toBe(2);
    expect(() => tasks.get(owner, ta.taskId)).toThrow(/Unknown task/);
  });

  it('cancel aborts the call once; a finished task cannot be cancelled; the owner leaving stops its tasks', async () => {
    const tasks = new ServedTasks();
    const owner = {};
    const call = pending();
    const t = tasks.start(owner, 'c1', undefined, () => undefined, call.run);
    expect(tasks.cancel(owner, t.taskId).status).toBe('cancelled');
    expect(call.aborted()).toBe(true);
    await expect(tasks.result(owner, t.taskId)).rejects.toThrow(/was cancelled/);
    expect(() => tasks.cancel(owner, t.taskId)).toThrow(/already cancelled/);
    const other = pending();
    tasks.start(owner, 'c2', undefined, () => undefined, other.run);
    tasks.forget(owner);
    expect(other.aborted()).toBe(true);
    expect(tasks.size).toBe(0);
  });
});
