import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { McpCallSignal } from './call-signal';

describe('McpCallSignal', () => {
  it('aborts once, with the reason, and calls function and object listeners', () => {
    const s = new McpCallSignal();
    const seen: string[] = [];
    s.addEventListener('abort', (e) => seen.push(`fn:${e.type}`));
    s.addEventListener('abort', { handleEvent: (e) => seen.push(`obj:${e.type}`) });
    s.addEventListener('other', () => seen.push('other'));
    expect(() => s.throwIfAborted()).not.toThrow();
    s.abort('why');
    s.abort('again');
    expect(s.aborted).toBe(true);
    expect(s.reason).toBe('why');
    expect(seen).toEqual(['fn:abort', 'obj:abort']);
    expect(() => s.throwIfAborted()).toThrow();
    s.addEventListener('abort', () => seen.push('late')); // like AbortSignal: never fires after the fact
    expect(seen).toHaveLength(2);
  });

  it('gives an AbortError when aborted without a reason', () => {
    const s = new McpCallSignal();
    s.abort();
    expect((s.reason as DOMException).name).toBe('AbortError');
  });

  it('removed listeners are not called', () => {
    const s = new McpCallSignal();
    let called = false;
    const l = () => {
      called = true;
    };
    s.addEventListener('abort', l);
    s.removeEventListener('abort', l);
    s.abort();
    expect(called).toBe(false);
  });

  it('follows a linked signal until unlinked', () => {
    const run = new AbortController();
    const first = new McpCallSignal().link(run.signal);
    first.unlink();
    const second = new McpCallSignal().link(run.signal);
    run.abort(new Error('stop'));
    expect(first.aborted).toBe(false);
    expect(second.aborted).toBe(true);
    expect((second.reason as Error).message).toBe('stop');
    expect(new McpCallSignal().link(run.signal).aborted).toBe(true); // already aborted: at once
  });

  it('puts one abort listener on a signal however many calls follow it', () => {
    const run = new AbortController();
    const calls = Array.from({ length: 50 }, () => new McpCallSignal().link(run.signal));
    for (const c of calls.slice(0, 25)) c.unlink();
    for (let i = 0; i < 1000; i++) new McpCallSignal().link(run.signal).unlink();
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1);
    run.abort('stop');
    expect(calls.map((c) => c.aborted)).toEqual([...Array(25).fill(false), ...Array(25).fill(true)]);
    expect(calls[49].reason).toBe('stop');
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });
});

describe('McpCallSignal with the real SDK v2 (the parts of AbortSignal Protocol.request uses)', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  async function connectPair() {
    const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
    const cancelled: unknown[] = [];
    /** Calls of `wait` the server has received. */
    const waiting: unknown[] = [];
    let release: (() => void) | undefined;
    server.setRequestHandler('tools/list', async () => ({ tools: [{ name: 'wait', inputSchema: { type: 'object' as const } }, { name: 'now', inputSchema: { type: 'object' as const } }] }));
    server.setRequestHandler('tools/call', async (req) => {
      if (req.params.name === 'now') return { content: [{ type: 'text', text: 'done' }] };
      waiting.push(req.params.name);
      await new Promise<void>((r) => (release = r));
      return { content: [{ type: 'text', text: 'late' }] };
    });
    server.setNotificationHandler('notifications/cancelled', async (n) => {
      cancelled.push(n.params?.requestId);
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'c', version: '1' });
    await Promise.all([server.connect(b), client.connect(a)]);
    close = async () => {
      release?.();
      await client.close();
      await server.close();
    };
    return { client, cancelled, waiting };
  }

  it('a call completes normally with it', async () => {
    const { client } = await connectPair();
    const s = new McpCallSignal();
    const r = await client.callTool({ name: 'now', arguments: {} }, { signal: s.asAbortSignal() });
    expect(r.content).toEqual([{ type: 'text', text: 'done' }]);
  });

  it('aborting it rejects the call and sends notifications/cancelled', async () => {
    const { client, cancelled, waiting } = await connectPair();
    const run = new AbortController();
    const s = new McpCallSignal().link(run.signal);
    const call = client.callTool({ name: 'wait', arguments: {} }, { signal: s.asAbortSignal() });
    await vi.waitFor(() => expect(waiting).toEqual(['wait']), { timeout: 10_000 });
    run.abort(new Error('user cancelled'));
    await expect(call).rejects.toThrow(/user cancelled/);
    await vi.waitFor(() => expect(cancelled).toHaveLength(1), { timeout: 10_000 });
  });

  it('an already aborted handle rejects before anything is sent', async () => {
    const { client } = await connectPair();
    const s = new McpCallSignal();
    s.abort(new Error('too late'));
    await expect(client.callTool({ name: 'now', arguments: {} }, { signal: s.asAbortSignal() })).rejects.toThrow(/too late/);
  });
});
