import { describe, expect, it, vi } from 'vitest';
import type { BridgeEventName } from '../../src-shared/contract/events';
import type { SettingsView } from '../../src-shared/contract/views';
import { EventBus } from '../core/events/event-bus';
import { RedactedEvents } from '../core/secrets/redacted-events';
import { SecretRedactor } from '../core/secrets/redactor';
import { SessionRegistry, type SessionViewer } from './session-registry';
import type { SessionPort } from './session-port';

const NO_DIALOGS = { answerApproval: () => false, answerQuestion: () => false, answerElicitation: () => false };

/** A core session as the bridge sees it: a real bus; a run that waits until `finish()`. */
function fakeCore(id: string) {
  const bus = new EventBus(id);
  const redactor = new SecretRedactor([]);
  let finish = (): void => undefined;
  const core = {
    id,
    bus,
    redactedEvents: new RedactedEvents(bus, redactor),
    redactor,
    running: false,
    disposed: false,
    async send(text: string) {
      core.running = true;
      bus.emit({ type: 'agent_start', task: text });
      await new Promise<void>((r) => (finish = r));
      core.running = false;
      bus.emit({ type: 'agent_end', reason: 'finished' });
    },
    finish: () => finish(),
    cancel: () => undefined,
    async dispose() {
      core.disposed = true;
    },
  };
  return core as typeof core & SessionPort;
}

function setup(idleCloseMs: number) {
  const cores: Array<ReturnType<typeof fakeCore>> = [];
  let live = 0;
  const registry = new SessionRegistry({
    open: async (id) => {
      const core = fakeCore(id ?? `s${cores.length + 1}`);
      cores.push(core);
      return { session: core, dialogs: NO_DIALOGS };
    },
    saved: { exists: () => false, load: () => ({ events: [] }) },
    savedTitle: () => null,
    settings: () => ({}) as SettingsView,
    listChanged: () => undefined,
    liveChanged: () => void live++,
    idleCloseMs,
  });
  const viewer = (): SessionViewer & { got: BridgeEventName[] } => {
    const got: BridgeEventName[] = [];
    return { got, emit: (name) => void got.push(name), replaced: () => undefined };
  };
  return { registry, cores, viewer, liveCount: () => live };
}

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SessionRegistry', () => {
  it('keeps a session running with nobody showing it, and closes it once idle and unseen', async () => {
    const { registry, cores, viewer } = setup(30);
    const a = viewer();
    const open = await registry.acquire(a, null);
    await registry.send(open, 'work');
    registry.release(a, open);
    // Past the idle time (30 ms): it keeps running all the same, whatever the wait, since it runs.
    await tick(80);
    // Running: not closed, and its state is still there for the sidebar.
    expect(cores[0]!.disposed).toBe(false);
    expect(registry.liveStates().get(open.id)).toBe('running');
    cores[0]!.finish();
    // Not a hope: this 10 ms timer is set before the 30 ms idle timer starts, so it always fires first.
    await tick(10);
    expect(registry.liveStates().get(open.id)).toBe('finished');
    // Idle and unseen now: closed once its idle time passed.
    await vi.waitFor(() => expect(cores[0]!.disposed).toBe(true), { timeout: 10_000 });
    expect(registry.get(open.id)).toBeNull();
  });

  it('sends each session’s events only to its own viewers; two viewers of one session share it', async () => {
    const { registry, cores, viewer } = setup(1000);
    const a = viewer();
    const b = viewer();
    const c = viewer();
    const s1 = await registry.acquire(a, null);
    const s2 = await registry.acquire(b, null);
    expect(await registry.acquire(c, s1.id)).toBe(s1);
    cores[1]!.bus.emit({ type: 'log', level: 'info', source: 't', message: 'only for s2' });
    expect(b.got).toEqual(['agent.event']);
    expect(a.got).toEqual([]);
    expect(c.got).toEqual([]);
    cores[0]!.bus.emit({ type: 'log', level: 'info', source: 't', message: 'for s1' });
    expect(a.got).toEqual(['agent.event']);
    expect(c.got).toEqual(['agent.event']);
    expect(s2).not.toBe(s1);
    // A viewer coming back within the idle time gets the same session, not a new one.
    registry.release(a, s1);
    registry.release(c, s1);
    expect(await registry.acquire(a, s1.id)).toBe(s1);
    await registry.dispose();
    expect(cores.every((x) => x.disposed)).toBe(true);
  });
});
