import { describe, expect, it, vi } from 'vitest';
import { BridgeEndpoint } from './endpoint';
import { BridgeError } from '../../src-shared/contract/wire';
import { contractSurface, createClientApi, createTransportLink } from '../../src-shared/contract/client';
import { EVENT_NAMES } from '../../src-shared/contract/events';
import { METHOD_NAMES } from '../../src-shared/contract/methods';
import { type AgentState } from '../../src-shared/contract/views';
import { createInMemoryTransportPair } from './in-memory-transport';

function setup() {
  const host = new BridgeEndpoint();
  const { client, host: hostEnd } = createInMemoryTransportPair();
  host.connect(hostEnd);
  const link = createTransportLink(client);
  const api = createClientApi(link);
  return { host, api, client, link };
}

const idle: AgentState = { sessionId: 's1', running: false };

describe('BridgeEndpoint over the in-memory pair', () => {
  it('routes a call to its handler and returns the result', async () => {
    const { host, api } = setup();
    const seen: string[] = [];
    host.register('agent.send', (text) => {
      seen.push(text);
      return { ...idle, running: true, task: text };
    });
    const state = await api.agent.send('fix the bug');
    expect(seen).toEqual(['fix the bug']);
    expect(state).toEqual({ sessionId: 's1', running: true, task: 'fix the bug' });
  });

  it('rejects bad arguments before the handler runs', async () => {
    const { host, api } = setup();
    let called = false;
    host.register('agent.send', () => ((called = true), idle));
    // Deliberately wrong type to prove the host checks what the renderer sends.
    await expect((api.agent.send as unknown as (x: number) => Promise<unknown>)(5)).rejects.toMatchObject({
      code: 'BAD_ARGS',
      message: 'agent.send: argument 1: must be a string, not a number.',
    });
    expect(called).toBe(false);
  });

  it('rejects a method without a handler and a message for a method outside the contract', async () => {
    const { api, link } = setup();
    await expect(api.agent.state()).rejects.toBeInstanceOf(BridgeError);
    await expect(link.call('shell.exec' as never, [])).rejects.toMatchObject({ code: 'UNKNOWN_METHOD' });
  });

  it('turns a handler failure into an error result with its message (no stack)', async () => {
    const { host, api } = setup();
    host.register('sessions.open', (id) => {
      throw Object.assign(new Error(`No session ${id}`), { code: 'NOT_FOUND' });
    });
    await expect(api.sessions.open('nope')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No session nope' });
  });

  it('pushes events to listeners, which get the payload only and can dispose', async () => {
    const { host, api } = setup();
    const got: AgentState[] = [];
    const off = api.agent.onState((s) => got.push(s));
    host.emit('agent.state', { ...idle, running: true });
    await vi.waitFor(() => expect(got).toEqual([{ sessionId: 's1', running: true }]), { timeout: 10_000 });
    off();
    // A listener still subscribed hears the next event: once it did, the disposed one would have too.
    const later: AgentState[] = [];
    api.agent.onState((s) => later.push(s));
    host.emit('agent.state', idle);
    await vi.waitFor(() => expect(later).toEqual([idle]), { timeout: 10_000 });
    expect(got).toEqual([{ sessionId: 's1', running: true }]);
  });

  it('fails pending calls when the connection closes', async () => {
    const { host, api, client } = setup();
    host.register('agent.cancel', () => new Promise<AgentState>(() => {}));
    const p = api.agent.cancel();
    client.close();
    await expect(p).rejects.toMatchObject({ code: 'CLOSED' });
    expect(host.connectionCount).toBe(0);
  });

  it('the client object has exactly the contract surface', () => {
    const { api } = setup();
    const names: string[] = [];
    for (const [ns, members] of Object.entries(api)) for (const m of Object.keys(members)) names.push(`${ns}.${m}`);
    expect(names.sort()).toEqual(contractSurface());
    expect(contractSurface()).toContain('agent.send');
    expect(contractSurface()).toContain('agent.onEvent');
    expect(contractSurface().length).toBe(METHOD_NAMES.length + EVENT_NAMES.length);
  });
});
