import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { GlassboxSession } from '../session/glassbox-session';

/** GlassboxSession wiring: load at create, the same bus and runner, unload on dispose. */
const made: { base: string; session?: GlassboxSession }[] = [];

function setup(): { home: string; workspace: string; env: NodeJS.ProcessEnv; base: string } {
  const base = mkdtempSync(join(tmpdir(), 'glassbox-ext-session-'));
  const home = join(base, 'home');
  const workspace = join(base, 'ws');
  mkdirSync(join(home, 'extensions'), { recursive: true });
  mkdirSync(join(workspace, '.glassbox', 'extensions'), { recursive: true });
  made.push({ base });
  return { home, workspace, base, env: { ...process.env, GLASSBOX_HOME: home, GLASSBOX_DISABLE_BROWSER: '1' } };
}

function writeExt(dir: string, text: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'extension.mjs'), text);
}

/** Records every event it sees into a tool's output, to compare with what the bus delivered. */
const RECORDER = `const seen = [];
export default {
  onLoad(api) {
    api.subscribe('*', (e) => { seen.push(e); });
    api.registerTool({ name: 'recorded', description: 'What the recorder saw', execute: () => String(seen.length) });
    globalThis.__glassboxRecorderSeen = seen;
  },
};`;

afterEach(async () => {
  for (const m of made.splice(0)) {
    await m.session?.dispose();
    rmSync(m.base, { recursive: true, force: true });
  }
});

describe('GlassboxSession with extensions', { timeout: 120_000 }, () => {
  it('loads user and workspace extensions at create and hands them the same event objects the bus emits', async () => {
    const s = setup();
    writeExt(join(s.home, 'extensions', 'recorder'), RECORDER);
    writeExt(
      join(s.workspace, '.glassbox', 'extensions', 'local'),
      `export default { onLoad(api) { api.registerTool({ name: 'where', description: 'd', execute: () => api.workDir }); } };`,
    );
    const session = await GlassboxSession.create({ workspace: s.workspace, env: s.env, withMcp: false });
    made[made.length - 1].session = session;

    expect(session.extensions.list().map((e) => [e.name, e.origin, e.status])).toEqual([
      ['recorder', 'user', 'loaded'],
      ['local', 'workspace', 'loaded'],
    ]);
    const emitted: GlassboxEvent[] = [];
    session.bus.subscribe('*', (e) => {
      emitted.push(e);
    });
    const out = await session.runner.run({ tool: 'where', args: {} });
    expect(out.result.output).toBe(s.workspace);
    const seen = (globalThis as { __glassboxRecorderSeen?: GlassboxEvent[] }).__glassboxRecorderSeen!;
    const start = emitted.find((e) => e.type === 'tool_execution_start')!;
    expect(start).toMatchObject({ tool: 'where', source: 'extension:local', session: session.id });
    expect(seen).toContain(start); // the very same object, not a copy
  });

  it('loads nothing with withExtensions: false', async () => {
    const s = setup();
    writeExt(join(s.home, 'extensions', 'recorder'), RECORDER);
    const session = await GlassboxSession.create({ workspace: s.workspace, env: s.env, withMcp: false, withExtensions: false });
    made[made.length - 1].session = session;
    expect(session.extensions.list()).toEqual([]);
    expect(session.tools.has('recorded')).toBe(false);
  });

  it('dispose unloads the extensions (onUnload runs, tools and hooks are gone)', async () => {
    const s = setup();
    writeExt(
      join(s.home, 'extensions', 'tidy'),
      `export default {
        onLoad(api) { api.registerTool({ name: 'tidy', description: 'd', execute: () => 'ok' }); api.addBeforeToolHook(() => undefined); },
        onUnload() { globalThis.__glassboxTidyUnloaded = true; },
      };`,
    );
    const session = await GlassboxSession.create({ workspace: s.workspace, env: s.env, withMcp: false });
    expect(session.tools.has('tidy')).toBe(true);
    await session.dispose();
    expect((globalThis as { __glassboxTidyUnloaded?: boolean }).__glassboxTidyUnloaded).toBe(true);
    expect(session.tools.has('tidy')).toBe(false);
    expect(session.hooks.counts).toEqual({ before: 0, after: 0 });
  });

  it('watches for file changes when asked (watchExtensions)', async () => {
    const s = setup();
    const dir = join(s.workspace, '.glassbox', 'extensions', 'live');
    writeExt(dir, `export default { onLoad(api) { api.registerTool({ name: 'live', description: 'd', execute: () => 'one' }); } };`);
    const session = await GlassboxSession.create({ workspace: s.workspace, env: s.env, withMcp: false, watchExtensions: true });
    made[made.length - 1].session = session;
    expect(session.extensions.watching).toBe(true);
    writeExt(dir, `export default { onLoad(api) { api.registerTool({ name: 'live', description: 'd', execute: () => 'two' }); } };`);
    await expect.poll(async () => (await session.runner.run({ tool: 'live', args: {} })).result.output, { timeout: 15_000, interval: 100 }).toBe('two');
  });
});
