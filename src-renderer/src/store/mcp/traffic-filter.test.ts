import { describe, expect, it } from 'vitest';
import type { McpTrafficView } from '../../../../src-shared/contract/mcp-inspector-views';
import { ALL_TRAFFIC } from './inspector-state';
import { filterTraffic, trafficKind, trafficMethods } from './traffic-filter';

let seq = 0;
const msg = (direction: 'in' | 'out', message: Record<string, unknown>, callId?: string): McpTrafficView => ({
  seq: ++seq,
  ts: 0,
  kind: 'message',
  direction,
  message: { jsonrpc: '2.0', ...message },
  ...(typeof message.method === 'string' ? { method: message.method } : {}),
  ...(message.id !== undefined ? { id: message.id as number } : {}),
  ...(callId ? { callId } : {}),
});

const log: McpTrafficView[] = [
  msg('out', { id: 1, method: 'initialize', params: {} }),
  msg('in', { id: 1, result: { protocolVersion: '2025-11-25' } }),
  msg('out', { method: 'notifications/initialized' }),
  msg('out', { id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'Find Me' } } }, 'call_a'),
  msg('in', { method: 'notifications/progress', params: { progress: 1 } }, 'call_a'),
  msg('in', { id: 2, result: { content: [{ type: 'text', text: 'Echo: Find Me' }] } }, 'call_a'),
  msg('out', { id: 3, method: 'tools/call', params: { name: 'boom' } }, 'call_b'),
  msg('in', { id: 3, error: { code: -32602, message: 'bad' } }, 'call_b'),
  // A server→client request and our answer: the answer is named after it too.
  msg('in', { id: 0, method: 'sampling/createMessage', params: {} }, 'call_b'),
  msg('out', { id: 0, result: { content: { type: 'text', text: 'hi' } } }, 'call_b'),
  { seq: ++seq, ts: 0, kind: 'http', method: 'POST', url: 'http://x/mcp', status: 401, requestHeaders: {}, responseHeaders: { 'www-authenticate': 'Bearer' } },
  { seq: ++seq, ts: 0, kind: 'note', text: 'connection lost' },
];

describe('the Traffic filter', () => {
  it('classifies entries', () => {
    expect(log.map(trafficKind)).toEqual(['request', 'response', 'notification', 'request', 'notification', 'response', 'request', 'error', 'request', 'response', 'http', 'note']);
  });

  const table: Array<[string, Partial<typeof ALL_TRAFFIC>, number[]]> = [
    ['everything', {}, log.map((e) => e.seq)],
    ['requests and their answers', { kind: 'requests' }, [1, 2, 4, 6, 7, 8, 9, 10]],
    ['notifications', { kind: 'notifications' }, [3, 5]],
    ['errors (JSON-RPC and HTTP)', { kind: 'errors' }, [8, 11]],
    ['http', { kind: 'http' }, [11]],
    ['one method, answers included', { method: 'tools/call' }, [4, 6, 7, 8]],
    ['the answer to a server request', { method: 'sampling/createMessage' }, [9, 10]],
    ['free text, case-insensitive', { text: 'find me' }, [4, 6]],
    ['one call', { callId: 'call_a' }, [4, 5, 6]],
    ['one call and a kind', { callId: 'call_b', kind: 'errors' }, [8]],
  ];
  it.each(table)('%s', (_name, f, want) => {
    expect(filterTraffic(log, { ...ALL_TRAFFIC, ...f }).map((e) => e.seq)).toEqual(want);
  });

  it('lists the methods seen', () => {
    expect(trafficMethods(log)).toEqual(['HTTP POST', 'initialize', 'notifications/initialized', 'notifications/progress', 'sampling/createMessage', 'tools/call']);
  });
});
