import { describe, expect, it } from 'vitest';
import type { BridgeEventName } from '../../src-shared/contract/events';
import type { SessionView, SettingsView } from '../../src-shared/contract/views';
import type { GlassboxEvent } from '../../src-shared/events/event-types';
import { findRecordedCall } from '../core/replay/engine';
import { EventBus } from '../core/events/event-bus';
import { RedactedEvents } from '../core/secrets/redacted-events';
import { REDACTED, SecretRedactor } from '../core/secrets/redactor';
import { CurrentSession } from './current-session';
import type { OpenSession } from './open-session';
import type { SessionPort } from './session-port';

const KEY = 'sk-set-in-settings-0123456789';
const NO_DIALOGS = { answerApproval: () => false, answerQuestion: () => false, answerElicitation: () => false };

/** A core session as far as the bridge sees it: a real bus, a run that only emits its events. */
function fakeCore(id: string, secrets: string[] = []) {
  const bus = new EventBus(id);
  const redactor = new SecretRedactor(secrets);
  const core = {
    id,
    bus,
    redactedEvents: new RedactedEvents(bus, redactor),
    redactor,
    running: false,
    disposed: false,
    sent: [] as string[],
    async send(text: string) {
      core.sent.push(text);
      bus.emit({ type: 'agent_start', task: text });
      bus.emit({ type: 'agent_end', reason: 'finished' });
    },
    cancel: () => undefined,
    async dispose() {
      core.disposed = true;
    },
  };
  // The workbench parts (runner, tools …) are not used by these tests.
  return core as typeof core & SessionPort;
}

function setup(saved = new Map<string, GlassboxEvent[]>()) {
  const emitted: BridgeEventName[] = [];
  const cores: Array<ReturnType<typeof fakeCore>> = [];
  let secrets: string[] = [];
  const current = new CurrentSession({
    open: async (id) => {
      const core = fakeCore(id ?? `s${cores.length + 1}`, secrets);
      cores.push(core);
      return { session: core, dialogs: NO_DIALOGS };
    },
    saved: {
      exists: (id) => saved.has(id),
      load: (id) => ({ events: saved.get(id) ?? [] }),
    },
    emit: (name) => void emitted.push(name),
    savedTitle: () => null,
    settings: () => ({}) as SettingsView,
    listChanged: () => undefined,
  });
  const switches: Array<string | null> = [];
  current.onSwitch((s: OpenSession | null) => switches.push(s?.id ?? null));
  return { current, cores, emitted, switches, setSecrets: (s: string[]) => (secrets = s) };
}

describe('CurrentSession', () => {
  it('rebuilds after a settings change with the same id and events, hiding a key configured meanwhile', async () => {
    const { current, cores, switches, setSecrets } = setup();
    await current.start();
    const first = current.require();
    cores[0]!.bus.emit({ type: 'log', level: 'info', source: 't', message: `the key is ${KEY}` });
    expect(JSON.stringify(first.events)).toContain(KEY); // no secret configured yet

    setSecrets([KEY]);
    current.markStale();
    await current.send('go on');
    const second = current.require();
    expect(second).not.toBe(first);
    expect(second.id).toBe(first.id);
    expect(cores[0]!.disposed).toBe(true);
    expect(cores[1]!.sent).toEqual(['go on']);
    // The events seen before carry over, through the new session's redactor.
    const log = second.events.find((e) => e.type === 'log');
    expect(log).toMatchObject({ message: `the key is ${REDACTED}` });
    expect(JSON.stringify(second.events)).not.toContain(KEY);
    expect(switches).toEqual(['s1', null, 's1']);
  });

  it('opens saved and new sessions, refuses while a run goes, and says NOT_FOUND for an unknown id', async () => {
    const saved = new Map<string, GlassboxEvent[]>([['old', [{ seq: 1, ts: 5, session: 'old', type: 'agent_start', task: 'earlier' }]]]);
    const { current, cores, emitted } = setup(saved);
    await current.start();
    await expect(current.openSaved('nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const summary = await current.openSaved('old');
    expect(summary).toMatchObject({ id: 'old', title: 'earlier', eventCount: 1 });
    expect(cores[0]!.disposed).toBe(true);
    expect(emitted).toContain('sessions.switched');
    cores[1]!.running = true;
    await expect(current.openNew()).rejects.toMatchObject({ code: 'BUSY' });
    cores[1]!.running = false;
    expect((await current.openNew()).id).toBe('s3');
  });

  it('answers a first screen from the preview while a saved session opens, and from the session once it is open', async () => {
    const saved = new Map<string, GlassboxEvent[]>([['long', [{ seq: 1, ts: 5, session: 'long', type: 'agent_start', task: 'long' }]]]);
    let release = (): void => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const previewOf = { summary: { id: 'long' }, chat: [], calls: [], tail: { rows: 9_000, calls: 3_000, estimated: true } } as unknown as SessionView;
    const asked: string[] = [];
    const current = new CurrentSession({
      open: async (id) => {
        await gate;
        return { session: fakeCore(id ?? 'fresh'), dialogs: NO_DIALOGS };
      },
      saved: { exists: (id) => saved.has(id), load: (id) => ({ events: saved.get(id) ?? [] }) },
      preview: (id) => (asked.push(id), previewOf),
      emit: () => undefined,
      savedTitle: () => null,
      settings: () => ({}) as SettingsView,
      listChanged: () => undefined,
    });
    const started = current.start('long');
    expect(current.previewView(undefined)).toBeNull(); // the whole view waits for the session
    expect(current.previewView(200)).toBe(previewOf);
    expect(current.previewView(200)).toBe(previewOf);
    expect(asked).toEqual(['long']); // read from the file once
    release();
    await started;
    expect(current.previewView(200)).toBeNull();
    expect(current.require().view(200).tail?.estimated).toBeUndefined();
  });

  it('a message sent while a new or saved session opens goes to that session, not the one being left', async () => {
    const saved = new Map<string, GlassboxEvent[]>([['old', [{ seq: 1, ts: 5, session: 'old', type: 'agent_start', task: 'earlier' }]]]);
    let gate = Promise.resolve();
    const cores: Array<ReturnType<typeof fakeCore>> = [];
    const current = new CurrentSession({
      open: async (id) => {
        await gate;
        const core = fakeCore(id ?? `s${cores.length + 1}`);
        cores.push(core);
        return { session: core, dialogs: NO_DIALOGS };
      },
      saved: { exists: (id) => saved.has(id), load: (id) => ({ events: saved.get(id) ?? [] }) },
      emit: () => undefined,
      savedTitle: () => null,
      settings: () => ({}) as SettingsView,
      listChanged: () => undefined,
    });
    await current.start();
    // As the session bridge does with a send: it waits for the switch under way, then sends.
    const sendAsBridge = (text: string) => current.switching.then(() => current.send(text));
    for (const [open, text] of [[() => current.openNew(), 'typed straight after New session'], [() => current.openSaved('old'), 'typed while old opens']] as const) {
      let release = (): void => undefined;
      gate = new Promise<void>((r) => (release = r));
      const before = current.require();
      const opening = open();
      const sent = sendAsBridge(text);
      release();
      await Promise.all([opening, sent]);
      expect(current.require()).not.toBe(before);
      expect(cores.at(-1)!.sent).toEqual([text]);
      expect(cores.flatMap((c) => c.sent).filter((t) => t === text)).toEqual([text]); // and to no other
    }
  });

  it('finds a recorded call in the call index as the replay engine finds it in the events', async () => {
    const { current, cores } = setup();
    await current.start();
    const bus = cores[0]!.bus;
    bus.emit({ type: 'tool_execution_start', callId: 'c1', tool: 'bash', args: { command: 'ls' }, source: 'builtin' });
    bus.emit({ type: 'tool_execution_end', callId: 'c1', tool: 'bash', result: { output: 'a\n', error: null, images: [], system: null }, durationMs: 3 });
    bus.emit({ type: 'tool_execution_start', callId: 'c2', tool: 'str_replace_editor', args: { command: 'view', path: '/x' }, source: 'builtin' });
    const open = current.require();
    for (const id of ['c1', 'c2']) expect(open.recordedCall(id)).toEqual(findRecordedCall(open.events, id));
    expect(open.recordedCall('missing')).toBeNull();
  });
});
