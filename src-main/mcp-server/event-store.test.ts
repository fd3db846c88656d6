import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { McpEventStore } from './event-store';

const msg = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, result: {} });

describe('McpEventStore', () => {
  it('replays only later events of the same stream', async () => {
    const s = new McpEventStore();
    const a1 = await s.storeEvent('a', msg(1));
    await s.storeEvent('b', msg(2));
    const a3 = await s.storeEvent('a', msg(3));
    const sent: [string, JSONRPCMessage][] = [];
    const stream = await s.replayEventsAfter(a1, { send: async (id, m) => void sent.push([id, m]) });
    expect(stream).toBe('a');
    expect(sent).toEqual([[a3, msg(3)]]);
    expect(await s.getStreamIdForEventId(a3)).toBe('a');
  });

  it('forgets the oldest events past its bound', async () => {
    const s = new McpEventStore(2);
    const first = await s.storeEvent('a', msg(1));
    await s.storeEvent('a', msg(2));
    await s.storeEvent('a', msg(3));
    expect(await s.getStreamIdForEventId(first)).toBeUndefined();
    expect(await s.replayEventsAfter(first, { send: async () => {} })).toBe('');
  });
});
