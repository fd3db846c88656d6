import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractSurface, type GlassboxApi } from '../../src-shared/contract/client';
import { IPC_CHANNEL } from '../../src-shared/contract/wire';
import { ROOT } from '../helpers/cli';

// The built preload (out/preload/index.cjs), loaded with a stand-in for Electron's
// contextBridge/ipcRenderer (the Electron binary cannot run here): what it exposes must be
// exactly the contract, and calls must travel on the one bridge channel.

const PRELOAD = join(ROOT, 'out', 'preload', 'index.cjs');

function loadPreload(): { exposed: Record<string, unknown>; sent: unknown[][]; deliver: (m: unknown) => void } {
  const exposed: Record<string, unknown> = {};
  const sent: unknown[][] = [];
  const handlers: Array<(e: unknown, m: unknown) => void> = [];
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
    ipcRenderer: {
      send: (...a: unknown[]) => sent.push(a),
      on: (_c: string, h: (e: unknown, m: unknown) => void) => handlers.push(h),
      off: () => {},
      removeAllListeners: () => {},
    },
  };
  const req = createRequire(PRELOAD);
  const Module = req('node:module') as { _load: (r: string, ...rest: unknown[]) => unknown };
  const orig = Module._load;
  Module._load = function (r: string, ...rest: unknown[]) {
    return r === 'electron' ? electron : orig.call(this, r, ...rest);
  };
  try {
    delete req.cache[PRELOAD];
    req(PRELOAD);
  } finally {
    Module._load = orig;
  }
  return { exposed, sent, deliver: (m) => handlers.forEach((h) => h({}, m)) };
}

describe.skipIf(!existsSync(PRELOAD))('preload', () => {
  it('exposes one object, window.glassbox, whose API equals the contract', () => {
    const { exposed } = loadPreload();
    expect(Object.keys(exposed)).toEqual(['glassbox']);
    const api = exposed.glassbox as Record<string, Record<string, unknown>>;
    const names: string[] = [];
    for (const [ns, members] of Object.entries(api)) for (const [m, v] of Object.entries(members)) {
      expect(typeof v).toBe('function');
      names.push(`${ns}.${m}`);
    }
    expect(names.sort()).toEqual(contractSurface());
  });

  it('sends calls on the bridge channel and resolves them from the answer; listeners return disposers', async () => {
    const { exposed, sent, deliver } = loadPreload();
    const api = exposed.glassbox as GlassboxApi;
    const p = api.agent.send('hello');
    expect(sent).toHaveLength(1);
    expect(sent[0]![0]).toBe(IPC_CHANNEL);
    const msg = sent[0]![1] as { kind: string; id: number; method: string; args: unknown[] };
    expect(msg).toMatchObject({ kind: 'call', method: 'agent.send', args: ['hello'] });
    deliver({ kind: 'result', id: msg.id, ok: true, value: { sessionId: 's', running: true } });
    await expect(p).resolves.toEqual({ sessionId: 's', running: true });
    const seen: unknown[] = [];
    const off = api.agent.onState((s) => seen.push(s));
    deliver({ kind: 'event', name: 'agent.state', payload: { sessionId: 's', running: false } });
    off();
    deliver({ kind: 'event', name: 'agent.state', payload: { sessionId: 's', running: true } });
    expect(seen).toEqual([{ sessionId: 's', running: false }]);
  });
});
