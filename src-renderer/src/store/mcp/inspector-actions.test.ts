import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { McpTrafficView } from '../../../../src-shared/contract/mcp-inspector-views';
import type { McpSnapshot } from '../../../../src-shared/contract/workbench-views';
import { createAppStore } from '../app-store';
import { testBridge } from '../test-bridge';
import { TRAFFIC_POLL_MS } from './inspector-actions';
import { mcpInspectorSelectors } from './inspector-selectors';

const entry = (seq: number, method = 'tools/call'): McpTrafficView => ({ seq, ts: seq, kind: 'message', direction: 'out', method, id: seq, message: { jsonrpc: '2.0', id: seq, method } });
const snap = (status: string): McpSnapshot => ({ servers: [{ id: 'ev', status, tools: [] } as never], instructionsForModel: [] });

describe('the MCP inspector slice', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('follows the traffic from the last seq while the tab is open, reloads it whole after a reconnect, and stops when closed', async () => {
    let log = [entry(1), entry(2)];
    const b = testBridge({ 'mcp.traffic': (_id: string, after: number) => log.filter((e) => e.seq > (after ?? 0)) });
    const store = createAppStore(b.api);
    store.setState({ mcpSnapshot: snap('connected') });
    const stop = store.getState().watchMcpTraffic('ev');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().mcpTraffic.ev!.map((e) => e.seq)).toEqual([1, 2]);
    log = [...log, entry(3)];
    await vi.advanceTimersByTimeAsync(TRAFFIC_POLL_MS);
    expect(store.getState().mcpTraffic.ev!.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(b.calls.at(-1)).toEqual({ method: 'mcp.traffic', args: ['ev', 2] });
    // A restart: a new log whose seq starts again.
    log = [entry(1, 'initialize')];
    store.setState({ mcpSnapshot: snap('connecting') });
    await vi.advanceTimersByTimeAsync(TRAFFIC_POLL_MS);
    expect(store.getState().mcpTraffic.ev!.map((e) => (e.kind === 'message' ? e.method : e.kind))).toEqual(['initialize']);
    stop();
    const n = b.calls.length;
    await vi.advanceTimersByTimeAsync(TRAFFIC_POLL_MS * 3);
    expect(b.calls.length).toBe(n);
  });

  it('the link from a call opens the MCP pane on that server\'s Traffic tab showing only that call', () => {
    const store = createAppStore(testBridge({}).api);
    store.getState().setMcpTrafficFilter('ev', { text: 'old search' });
    store.getState().showMcpTraffic('ev', 'call_1');
    const s = store.getState();
    expect(s.rightTab).toBe('mcp');
    expect(mcpInspectorSelectors.tab('ev')(s)).toBe('traffic');
    expect(mcpInspectorSelectors.trafficFilter('ev')(s)).toEqual({ kind: 'all', method: '', text: '', callId: 'call_1' });
    store.getState().setMcpTrafficFilter('ev', { callId: undefined });
    expect(mcpInspectorSelectors.trafficFilter('ev')(store.getState())).toEqual({ kind: 'all', method: '', text: '' });
  });

  it('attachments: no duplicates, removed by index, sent with the message and cleared; a failed send keeps them', async () => {
    let fail = false;
    const b = testBridge({
      'agent.sendWith': () => {
        if (fail) throw new Error('Could not attach demo://x: gone');
        return { running: true } as never;
      },
      'agent.send': () => ({ running: true }) as never,
    });
    const store = createAppStore(b.api);
    const res = { kind: 'resource' as const, server: 'ev', uri: 'demo://x' };
    store.getState().addMcpAttachment(res);
    store.getState().addMcpAttachment(res);
    store.getState().addMcpAttachment({ kind: 'prompt', server: 'ev', name: 'p', args: { a: '1' } });
    expect(store.getState().mcpAttachments).toHaveLength(2);
    fail = true;
    expect(await store.getState().sendMessage('hello')).toBe(false);
    expect(store.getState().mcpAttachments).toHaveLength(2);
    fail = false;
    store.getState().removeMcpAttachment(1);
    expect(await store.getState().sendMessage('hello')).toBe(true);
    expect(b.calls.at(-1)).toEqual({ method: 'agent.sendWith', args: ['hello', [res]] });
    expect(store.getState().mcpAttachments).toEqual([]);
    expect(await store.getState().sendMessage('plain')).toBe(true);
    expect(b.calls.at(-1)?.method).toBe('agent.send');
  });

  it('a resource update is counted and the resource shown is read again', async () => {
    let text = 'v1';
    const b = testBridge({ 'mcp.readResource': (_id: string, uri: string) => [{ uri, text }] });
    const store = createAppStore(b.api);
    await store.getState().readMcpResource('ev', 'demo://a');
    text = 'v2';
    store.getState().noteMcpResourceUpdated('ev', 'demo://a');
    store.getState().noteMcpResourceUpdated('ev', 'demo://other');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().mcpResourceUpdates).toEqual({ 'ev demo://a': 1, 'ev demo://other': 1 });
    expect(store.getState().mcpRead.ev!.value![0]!.text).toBe('v2');
  });
});
