// @lane integration: the agent's real shell (pty, bwrap)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bareSession } from '../../core/session/test-kit';
import { BridgeEndpoint } from '../endpoint';
import { createClientApi, createTransportLink } from '../../../src-shared/contract/client';
import { createInMemoryTransportPair } from '../in-memory-transport';
import { TERMINAL_REASONS } from './terminal-control';
import { currentSessionOf } from '../test-kit';
import { WorkbenchBridge } from './bridge';

/** Until `cond` holds (vi.waitFor: polls, fails with the timeout). */
const waitFor = (cond: () => boolean, ms = 20_000): Promise<void> =>
  vi.waitFor(() => expect(cond(), 'condition not met in time').toBe(true), { timeout: ms, interval: 50 });

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

describe('terminal over the bridge (real pty)', () => {
  it('streams the agent’s shell, refuses typing until take-over, holds it while a command runs', async () => {
    const { session, workspace } = await bareSession('gb-term-', { approveMode: 'auto' });
    const host = new BridgeEndpoint();
    const current = await currentSessionOf(host, session);
    const wb = new WorkbenchBridge({ host, current, sessions: { load: () => { throw new Error('none'); } } });
    const { client, host: hostEnd } = createInMemoryTransportPair();
    host.connect(hostEnd);
    const api = createClientApi(createTransportLink(client));
    cleanup.push(async () => {
      client.close();
      wb.dispose();
      await current.dispose();
    });
    let screen = '';
    const states: string[] = [];
    api.terminal.onData((d) => (screen += d));
    api.terminal.onState((s) => states.push(`${s.owner}/${s.busy ? 'busy' : 'idle'}`));

    const attached = await api.terminal.attach();
    expect(attached.state).toMatchObject({ owner: 'agent', alive: true });

    const run = session.runner.run({ tool: 'bash', args: { command: 'echo agent-$((20+1))' } });
    await waitFor(() => screen.includes('agent-21'));
    expect((await run).result.output).toContain('agent-21');
    expect(states).toContain('agent/busy');

    expect(await api.terminal.write('echo x > no.txt\r')).toMatchObject({ ok: false, reason: TERMINAL_REASONS.notTakenOver });
    expect((await api.terminal.takeOver()).ok).toBe(true);
    expect((await api.terminal.write('echo typed-ok > typed.txt\r')).ok).toBe(true);
    await waitFor(() => existsSync(join(workspace, 'typed.txt')));
    expect(readFileSync(join(workspace, 'typed.txt'), 'utf8')).toBe('typed-ok\n');
    expect(existsSync(join(workspace, 'no.txt'))).toBe(false);

    // While the agent runs a command the user's input waits, then runs after it.
    const slow = session.runner.run({ tool: 'bash', args: { command: 'sleep 1; echo first > order.txt' } });
    await waitFor(() => states.at(-1) === 'user/busy');
    expect(await api.terminal.write('echo second >> order.txt\r')).toMatchObject({ ok: false, reason: TERMINAL_REASONS.held, state: { held: 25 } });
    await slow;
    await waitFor(() => existsSync(join(workspace, 'order.txt')) && readFileSync(join(workspace, 'order.txt'), 'utf8').includes('second'));
    expect(readFileSync(join(workspace, 'order.txt'), 'utf8')).toBe('first\nsecond\n');

    // A late attach gets the scrollback.
    expect((await api.terminal.attach()).recent).toContain('agent-21');
  }, 60_000);
});
