import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventBus } from '../events/event-bus';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { ToolHooks } from '../tools/tool-hooks';
import type { Tool } from '../tools/tool';
import { ToolCollection } from '../tools/tool-collection';
import { ToolRunner } from '../tools/tool-runner';
import type { GlassboxConfig } from '../config/config';
import { ExtensionRegistry } from './registry';
import type { ExtensionInfo } from './entry';

/** A built-in stand-in that extensions can clash with and hooks can watch. */
function echoTool(): Tool {
  return {
    name: 'echo',
    description: 'Echoes text',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    async execute(args) {
      return { output: String(args.text) };
    },
  };
}

interface Rig {
  base: string;
  userRoot: string;
  wsRoot: string;
  workspace: string;
  bus: EventBus;
  tools: ToolCollection;
  hooks: ToolHooks;
  runner: ToolRunner;
  host: ExtensionRegistry;
  events: GlassboxEvent[];
  lines: string[];
}

const rigs: Rig[] = [];

function rig(config: GlassboxConfig = {}, timeoutMs?: number): Rig {
  const base = mkdtempSync(join(tmpdir(), 'glassbox-ext-'));
  const userRoot = join(base, 'home', 'extensions');
  const workspace = join(base, 'ws');
  const wsRoot = join(workspace, '.glassbox', 'extensions');
  mkdirSync(userRoot, { recursive: true });
  mkdirSync(wsRoot, { recursive: true });
  const bus = new EventBus('s1');
  const events: GlassboxEvent[] = [];
  bus.subscribe('*', (e) => {
    events.push(e);
  });
  const tools = new ToolCollection([echoTool()]);
  const hooks = new ToolHooks();
  const runner = new ToolRunner({ tools, hooks, workspace, home: join(base, 'home'), bus });
  const lines: string[] = [];
  const host = new ExtensionRegistry({
    bus,
    tools,
    hooks,
    config,
    workspace,
    roots: [
      { dir: userRoot, origin: 'user' },
      { dir: wsRoot, origin: 'workspace' },
    ],
    logSink: (line) => lines.push(line),
    timeoutMs,
  });
  const r = { base, userRoot, wsRoot, workspace, bus, tools, hooks, runner, host, events, lines };
  rigs.push(r);
  return r;
}

afterEach(async () => {
  for (const r of rigs.splice(0)) {
    await r.host.dispose();
    rmSync(r.base, { recursive: true, force: true });
  }
});

/** Writes files of one extension folder. */
function ext(root: string, folder: string, files: Record<string, string>): string {
  const dir = join(root, folder);
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const GREET_ESM = `export default {
  onLoad(api) {
    api.registerTool({
      name: 'greet',
      description: 'Greets someone',
      inputSchema: { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] },
      execute: (args) => 'Hello, ' + args.who + '!',
    });
  },
};
`;

function byName(list: ExtensionInfo[], name: string): ExtensionInfo {
  const e = list.find((x) => x.name === name);
  if (!e) throw new Error(`no ${name} in ${JSON.stringify(list.map((x) => x.name))}`);
  return e;
}

async function call(r: Rig, tool: string, args: Record<string, unknown>) {
  return r.runner.run({ tool, args });
}

describe('ExtensionRegistry: discovery and loading', () => {
  it('loads from both roots, ESM and CommonJS, manifest and manifest-less, and skips _ and . folders', async () => {
    const r = rig();
    ext(r.userRoot, 'esm-ext', { 'extension.mjs': GREET_ESM });
    ext(r.wsRoot, 'cjs-ext', {
      'extension.js': `module.exports = class Shout {
        onLoad(api) {
          api.registerTool({ name: 'shout', description: 'Upper-cases text', inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
            execute: async (a) => ({ output: String(a.text).toUpperCase() }) });
        }
      };`,
    });
    ext(r.userRoot, 'with-manifest', {
      'plugin.yaml': 'name: manifested\nversion: 1.2.3\nmodule: lib/entry\ndescription: has a manifest\n',
      'lib/.keep': '',
    });
    writeFileSync(join(r.userRoot, 'with-manifest', 'lib', 'entry.cjs'), `exports.default = { onLoad(api) { api.registerTool({ name: 'm_tool', description: 'd', execute: () => 'from manifest' }); } };\nexports.__esModule = true;\n`);
    ext(r.userRoot, '_disabled', { 'extension.mjs': 'throw new Error("must not load")' });
    ext(r.userRoot, '.hidden', { 'extension.mjs': 'throw new Error("must not load")' });

    const list = await r.host.loadAll();
    expect(list.map((e) => [e.name, e.status, e.origin])).toEqual([
      ['esm-ext', 'loaded', 'user'],
      ['manifested', 'loaded', 'user'],
      ['cjs-ext', 'loaded', 'workspace'],
    ]);
    const m = byName(list, 'manifested');
    expect(m).toMatchObject({ version: '1.2.3', description: 'has a manifest', tools: ['m_tool'] });
    expect(m.module).toBe(join(r.userRoot, 'with-manifest', 'lib', 'entry.cjs'));
    expect(byName(list, 'esm-ext').version).toBe('0.1.0');

    expect((await call(r, 'greet', { who: 'Ada' })).result.output).toBe('Hello, Ada!');
    expect((await call(r, 'shout', { text: 'hey' })).result.output).toBe('HEY');
    expect((await call(r, 'm_tool', {})).result.output).toBe('from manifest');
    // Extension tools go through validation like built-ins.
    expect((await call(r, 'greet', {})).result.error).toMatch(/missing required argument 'who'/);
    expect(r.tools.get('greet')?.source).toBe('extension:esm-ext');
    const start = r.events.find((e) => e.type === 'tool_execution_start' && e.tool === 'shout');
    expect(start).toMatchObject({ source: 'extension:cjs-ext' });
  });

  it('loads and reloads an extension.js written with ES module syntax (no package.json)', async () => {
    const r = rig();
    const dir = ext(r.userRoot, 'esm-js', { 'extension.js': GREET_ESM });
    const [info] = await r.host.loadAll();
    expect(info).toMatchObject({ status: 'loaded', tools: ['greet'] });
    writeFileSync(join(dir, 'extension.js'), GREET_ESM.replace("'Hello, '", "'Hi again, '"));
    await r.host.reload('esm-js');
    expect((await call(r, 'greet', { who: 'B' })).result.output).toBe('Hi again, B!');
  });

  it('applies manifest defaults: name = folder, module = name.js|.mjs|.cjs, class = default export', async () => {
    const r = rig();
    ext(r.userRoot, 'defaults', { 'plugin.yaml': 'description: just a description\n', 'defaults.mjs': GREET_ESM });
    const [info] = await r.host.loadAll();
    expect(info).toMatchObject({ name: 'defaults', version: '0.1.0', status: 'loaded', tools: ['greet'], description: 'just a description' });
    expect(info.module).toBe(join(r.userRoot, 'defaults', 'defaults.mjs'));
  });

  it('uses the manifest class (a named export) instead of the default export', async () => {
    const r = rig();
    ext(r.userRoot, 'named', {
      'plugin.yaml': 'class: Chosen\nmodule: main.mjs\n',
      'main.mjs': `export default { onLoad(api) { api.registerTool({ name: 'wrong', description: 'd', execute: () => 'default' }); } };
export class Chosen { onLoad(api) { api.registerTool({ name: 'right', description: 'd', execute: () => 'named' }); } }
`,
    });
    const [info] = await r.host.loadAll();
    expect(info.tools).toEqual(['right']);
    expect(r.tools.has('wrong')).toBe(false);
  });

  it('uses the first exported extension class when there is no default export', async () => {
    const r = rig();
    ext(r.userRoot, 'no-default', {
      'extension.mjs': `export const VERSION = 3;\nexport class Only { onLoad(api) { api.registerTool({ name: 'only', description: 'd', execute: () => 'only' }); } }\n`,
    });
    const [info] = await r.host.loadAll();
    expect(info).toMatchObject({ status: 'loaded', tools: ['only'] });
  });

  it('gives the extension its config section, the workspace as workDir, and logs with its name', async () => {
    const r = rig({ extensions: { conf: { greeting: 'Ahoy' }, other: { secret: 1 } } });
    ext(r.userRoot, 'conf', {
      'extension.mjs': `export default { onLoad(api) {
        api.log('loaded with ' + JSON.stringify(api.config));
        api.log.warn('workDir=' + api.workDir);
        api.registerTool({ name: 'hail', description: 'd', execute: () => api.config.greeting });
      } };`,
    });
    await r.host.loadAll();
    expect((await call(r, 'hail', {})).result.output).toBe('Ahoy');
    expect(r.lines).toContain('[conf] loaded with {"greeting":"Ahoy"}');
    expect(r.lines).toContain(`[conf] workDir=${r.workspace}`);
    const logs = r.events.filter((e) => e.type === 'log');
    expect(logs).toContainEqual(expect.objectContaining({ level: 'warn', source: 'extension:conf', message: `workDir=${r.workspace}` }));
  });
});

describe('ExtensionRegistry: isolation', () => {
  it('reports each failure mode with the name and reason, and keeps the rest working', async () => {
    const r = rig();
    ext(r.userRoot, 'a-bad-manifest', { 'plugin.yaml': 'name: [oops', 'extension.mjs': GREET_ESM });
    ext(r.userRoot, 'b-missing-module', { 'plugin.yaml': 'name: missing\nmodule: nowhere.js\n' });
    ext(r.userRoot, 'c-throws', {
      'extension.mjs': `export default { onLoad(api) { api.registerTool({ name: 'leaked', description: 'd', execute: () => 'x' }); api.subscribe('*', () => {}); throw new Error('onLoad exploded'); } };`,
    });
    ext(r.userRoot, 'd-syntax', { 'extension.mjs': 'export default {{{' });
    ext(r.userRoot, 'e-missing-dependency', { 'extension.js': "import x from 'no-such-package-for-glassbox';\nexport default x;\n" });
    ext(r.userRoot, 'f-not-extension', { 'extension.mjs': 'export default { hello: 1 };' });
    ext(r.userRoot, 'g-empty-folder', {});
    ext(r.userRoot, 'h-bad-tool', { 'extension.mjs': `export default { onLoad(api) { api.registerTool({ name: 'has space', description: 'd', execute: () => '' }); } };` });
    ext(r.userRoot, 'z-good', { 'extension.mjs': GREET_ESM });

    const list = await r.host.loadAll();
    const status = Object.fromEntries(list.map((e) => [e.name, [e.status, e.reason]]));
    expect(status['a-bad-manifest'][0]).toBe('failed');
    expect(status['a-bad-manifest'][1]).toMatch(/^plugin\.yaml: /);
    expect(status.missing).toEqual(['failed', 'module \'nowhere.js\' not found (tried nowhere.js)']);
    expect(status['c-throws']).toEqual(['failed', 'onLoad failed: onLoad exploded']);
    expect(status['d-syntax'][1]).toMatch(/^cannot load extension\.mjs: /);
    expect(status['e-missing-dependency'][1]).toMatch(/^cannot load extension\.js: .*no-such-package-for-glassbox/);
    expect(status['f-not-extension'][1]).toMatch(/exports no extension/);
    expect(status['g-empty-folder'][1]).toMatch(/no plugin\.yaml and no extension\.js or extension\.mjs/);
    expect(status['h-bad-tool'][1]).toMatch(/onLoad failed: registerTool: invalid tool name "has space"/);
    expect(status['z-good']).toEqual(['loaded', undefined]);

    // The throwing onLoad's partial registrations were taken back.
    expect(r.tools.has('leaked')).toBe(false);
    expect((await call(r, 'greet', { who: 'x' })).result.output).toBe('Hello, x!');
    // Failures are visible to the user: a log line and a log event naming the extension.
    expect(r.lines.some((l) => l.startsWith('[c-throws] failed to load') && l.includes('onLoad exploded'))).toBe(true);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'log', level: 'error', source: 'extension:missing' }));
  });

  it('fails an onLoad that never finishes, after the timeout', async () => {
    const r = rig({}, 300);
    ext(r.userRoot, 'hangs', { 'extension.mjs': 'export default { onLoad() { return new Promise(() => {}); } };' });
    ext(r.userRoot, 'ok', { 'extension.mjs': GREET_ESM });
    const list = await r.host.loadAll();
    expect(byName(list, 'hangs')).toMatchObject({ status: 'failed', reason: 'onLoad failed: onLoad did not finish within 300 ms' });
    expect(byName(list, 'ok').status).toBe('loaded');
  });

  it('reports a throwing event handler with its name, and other subscribers still get the event', async () => {
    const r = rig();
    ext(r.userRoot, 'thrower', {
      'extension.mjs': `export default { onLoad(api) {
        api.subscribe('tool_execution_end', () => { throw new Error('handler broke'); });
        api.subscribe('tool_execution_start', async () => { throw new Error('async handler broke'); });
      } };`,
    });
    ext(r.userRoot, 'watcher', {
      'extension.mjs': `export const seen = [];
export default { onLoad(api) {
  api.subscribe('tool_execution_end', (e) => { seen.push(e.tool); });
  api.registerTool({ name: 'seen', description: 'd', execute: () => seen.join(',') });
} };`,
    });
    await r.host.loadAll();
    expect((await call(r, 'echo', { text: 'hi' })).result.output).toBe('hi');
    await new Promise((res) => setTimeout(res, 20));
    expect((await call(r, 'seen', {})).result.output).toBe('echo');
    const info = r.host.get('thrower')!;
    expect(info.status).toBe('loaded');
    expect(info.errors.some((e) => /event handler for 'tool_execution_end' threw on tool_execution_end #\d+: handler broke/.test(e))).toBe(true);
    expect(info.errors.some((e) => /async handler broke/.test(e))).toBe(true);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'log', level: 'error', source: 'extension:thrower' }));
  });

  it('does not loop when a subscriber to every event logs on each one', async () => {
    const r = rig();
    ext(r.userRoot, 'chatty', { 'extension.mjs': `export default { onLoad(api) { api.subscribe('*', (e) => api.log('saw ' + e.type)); } };` });
    ext(r.userRoot, 'chatty2', { 'extension.mjs': `export default { onLoad(api) { api.subscribe('*', async (e) => api.log('also saw ' + e.type)); } };` });
    await r.host.loadAll();
    await call(r, 'echo', { text: 'x' });
    await new Promise((res) => setTimeout(res, 50));
    expect(r.events.length).toBeLessThan(50);
    expect(r.lines).toContain('[chatty] saw tool_execution_end');
  });
});

describe('ExtensionRegistry: tools and hooks', () => {
  it('keeps the first tool on a name clash and reports the loser in tools.conflicts and the extension status', async () => {
    const r = rig();
    ext(r.userRoot, 'a-first', { 'extension.mjs': GREET_ESM });
    ext(r.userRoot, 'b-second', {
      'extension.mjs': `export default { onLoad(api) {
        api.registerTool({ name: 'greet', description: 'd', execute: () => 'second' });
        api.registerTool({ name: 'echo', description: 'd', execute: () => 'mine' });
      } };`,
    });
    const list = await r.host.loadAll();
    expect((await call(r, 'greet', { who: 'A' })).result.output).toBe('Hello, A!');
    expect((await call(r, 'echo', { text: 'builtin' })).result.output).toBe('builtin');
    expect(r.tools.conflicts).toEqual([
      { name: 'greet', kept: 'extension:a-first', rejected: 'extension:b-second' },
      { name: 'echo', kept: 'builtin', rejected: 'extension:b-second' },
    ]);
    expect(byName(list, 'b-second')).toMatchObject({
      status: 'loaded',
      tools: [],
      rejectedTools: [
        { name: 'greet', keptBy: 'extension:a-first' },
        { name: 'echo', keptBy: 'builtin' },
      ],
    });
    expect(r.lines).toContain("[b-second] tool 'echo' not registered: the name is taken by builtin (the first registered wins)");
  });

  it('lets a before-hook block a call with its reason (the tool does not run)', async () => {
    const r = rig();
    ext(r.userRoot, 'policy', {
      'extension.mjs': `export const calls = [];
export default { onLoad(api) {
  api.addBeforeToolHook((call) => {
    calls.push(call);
    if (call.tool === 'echo' && String(call.args.text).includes('rm -rf')) return { blocked: true, reason: 'no deleting, says policy' };
  });
  api.registerTool({ name: 'calls', description: 'd', execute: () => JSON.stringify(calls.map((c) => [c.tool, c.source, typeof c.callId])) });
} };`,
    });
    await r.host.loadAll();
    const blocked = await call(r, 'echo', { text: 'please rm -rf /' });
    expect(blocked.blocked).toBe(true);
    expect(blocked.result.output).toBe('[BLOCKED] no deleting, says policy');
    expect((await call(r, 'echo', { text: 'fine' })).result.output).toBe('fine');
    expect(JSON.parse((await call(r, 'calls', {})).result.output!)).toEqual([
      ['echo', 'builtin', 'string'],
      ['echo', 'builtin', 'string'],
      ['calls', 'extension:policy', 'string'],
    ]);
    const end = r.events.find((e) => e.type === 'tool_execution_end' && e.blocked);
    expect(end).toMatchObject({ tool: 'echo', blocked: true });
  });

  it('lets an after-hook see the result and override it (also as an error)', async () => {
    const r = rig();
    ext(r.userRoot, 'rewriter', {
      'extension.mjs': `export default { onLoad(api) {
  api.addAfterToolHook((call, result) => {
    if (call.tool !== 'echo') return;
    if (result.output === 'secret') return { override: 'redacted (was ' + result.output.length + ' chars)' };
    if (result.output === 'bad') return { override: 'rejected by rewriter', isError: true };
  });
} };`,
    });
    await r.host.loadAll();
    expect((await call(r, 'echo', { text: 'secret' })).result.output).toBe('redacted (was 6 chars)');
    const bad = await call(r, 'echo', { text: 'bad' });
    expect(bad.result.error).toBe('rejected by rewriter');
    expect((await call(r, 'echo', { text: 'plain' })).result.output).toBe('plain');
  });

  it('fails the call (closed) when a hook throws, and reports the extension', async () => {
    const r = rig();
    ext(r.userRoot, 'crashy', { 'extension.mjs': `export default { onLoad(api) { api.addBeforeToolHook(() => { throw new Error('policy crashed'); }); } };` });
    await r.host.loadAll();
    const out = await call(r, 'echo', { text: 'x' });
    expect(out.result.error).toMatch(/before-hook of extension:crashy failed: policy crashed/);
    expect(r.host.get('crashy')!.errors).toEqual(['before-tool hook threw: policy crashed']);
  });
});

describe('ExtensionRegistry: unload and reload', { timeout: 120_000 }, () => {
  const EVERYTHING = `export default {
  onLoad(api) {
    api.registerTool({ name: 'mine', description: 'd', execute: () => 'v1' });
    api.registerTool({ name: 'echo', description: 'clash', execute: () => 'x' });
    api.subscribe('tool_execution_end', () => {});
    api.subscribe('*', () => {});
    api.addBeforeToolHook(() => ({ blocked: true, reason: 'all blocked' }));
    api.addAfterToolHook(() => undefined);
  },
  onUnload() { globalThis.__glassboxUnloaded = (globalThis.__glassboxUnloaded ?? 0) + 1; },
};`;

  it('unload calls onUnload and leaves nothing behind', async () => {
    const r = rig();
    ext(r.userRoot, 'everything', { 'extension.mjs': EVERYTHING });
    const before = { tools: r.tools.names(), hooks: r.hooks.counts, conflicts: r.tools.conflicts.length };
    const g = globalThis as { __glassboxUnloaded?: number };
    const unloadsBefore = g.__glassboxUnloaded ?? 0;
    const [info] = await r.host.loadAll();
    expect(info).toMatchObject({ tools: ['mine'], hooks: { before: 1, after: 1 }, subscriptions: ['tool_execution_end', '*'] });
    expect((await call(r, 'echo', { text: 'x' })).result.output).toBe('[BLOCKED] all blocked');

    expect(await r.host.unload('everything')).toBe(true);
    expect(g.__glassboxUnloaded).toBe(unloadsBefore + 1);
    expect(r.tools.names()).toEqual(before.tools);
    expect(r.hooks.counts).toEqual(before.hooks);
    expect(r.tools.conflicts.length).toBe(before.conflicts);
    expect(r.host.list()).toEqual([]);
    expect((await call(r, 'echo', { text: 'x' })).result.output).toBe('x');
    // Its subscriptions are gone: counting handlers through a fresh event shows only the rig's own.
    const seen: string[] = [];
    const off = r.bus.subscribe('*', (e) => {
      seen.push(e.type);
    });
    r.bus.emit({ type: 'turn_start', step: 1 });
    off();
    expect(seen).toEqual(['turn_start']);
  });

  it('reload(name) re-reads the files; reload() picks up added and removed folders', async () => {
    const r = rig();
    const dir = ext(r.userRoot, 'versioned', { 'extension.mjs': EVERYTHING });
    await r.host.loadAll();
    expect((await r.host.unload('versioned'))).toBe(true);
    await r.host.loadAll();
    writeFileSync(join(dir, 'extension.mjs'), EVERYTHING.replace("'v1'", "'v2'").replace(/api\.addBeforeToolHook.*\n/, ''));
    const list = await r.host.reload('versioned');
    expect(byName(list, 'versioned').hooks).toEqual({ before: 0, after: 1 });
    expect((await call(r, 'mine', {})).result.output).toBe('v2');
    expect(r.hooks.counts).toEqual({ before: 0, after: 1 });

    ext(r.wsRoot, 'newcomer', { 'extension.mjs': GREET_ESM });
    rmSync(dir, { recursive: true });
    const all = await r.host.reload();
    expect(all.map((e) => e.name)).toEqual(['newcomer']);
    expect(r.tools.has('mine')).toBe(false);
    expect((await call(r, 'greet', { who: 'new' })).result.output).toBe('Hello, new!');
    await expect(r.host.reload('nope')).rejects.toThrow(/no extension named 'nope'/);
  });

  it('reloads a CommonJS extension after its file changed', async () => {
    const r = rig();
    const dir = ext(r.userRoot, 'cjs', { 'extension.cjs': "module.exports = { onLoad(api) { api.registerTool({ name: 'ver', description: 'd', execute: () => 'one' }); } };" });
    await r.host.loadAll();
    writeFileSync(join(dir, 'extension.cjs'), "module.exports = { onLoad(api) { api.registerTool({ name: 'ver', description: 'd', execute: () => 'two' }); } };");
    await r.host.reload('cjs');
    expect((await call(r, 'ver', {})).result.output).toBe('two');
  });

  it('a file edit triggers a reload while watching; a new folder is loaded', async () => {
    const r = rig();
    const dir = ext(r.userRoot, 'live', { 'extension.mjs': "export default { onLoad(api) { api.registerTool({ name: 'live', description: 'd', execute: () => 'before edit' }); } };" });
    await r.host.loadAll();
    r.host.watch({ debounceMs: 100 });
    expect((await call(r, 'live', {})).result.output).toBe('before edit');
    const changed = new Promise<void>((res) => {
      const off = r.host.onChange(() => {
        off();
        res();
      });
    });
    writeFileSync(join(dir, 'extension.mjs'), "export default { onLoad(api) { api.registerTool({ name: 'live', description: 'd', execute: () => 'after edit' }); } };");
    await changed;
    expect((await call(r, 'live', {})).result.output).toBe('after edit');
    expect(r.lines).toContain('[live] reloaded');

    ext(r.wsRoot, 'arrives', { 'extension.mjs': GREET_ESM });
    await vi.waitFor(() => expect(r.tools.has('greet')).toBe(true), { timeout: 15_000, interval: 50 });
    expect((await call(r, 'greet', { who: 'watcher' })).result.output).toBe('Hello, watcher!');
  });

  it('dispose unloads everything', async () => {
    const r = rig();
    ext(r.userRoot, 'everything', { 'extension.mjs': EVERYTHING });
    await r.host.loadAll();
    await r.host.dispose();
    expect(r.tools.names()).toEqual(['echo']);
    expect(r.hooks.counts).toEqual({ before: 0, after: 0 });
    expect(r.host.list()).toEqual([]);
  });
});
