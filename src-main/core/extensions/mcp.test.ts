import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from '../events/event-bus';
import { ToolHooks } from '../tools/tool-hooks';
import { ToolCollection } from '../tools/tool-collection';
import { ToolRunner } from '../tools/tool-runner';
import { ExtensionRegistry } from './registry';
import { checkExtensionPrompt, checkExtensionResource, checkExtensionResourceTemplate } from './mcp';

const made: { base: string; host: ExtensionRegistry }[] = [];

function rig(extensionJs: string) {
  const base = mkdtempSync(join(tmpdir(), 'glassbox-ext-mcp-'));
  const root = join(base, 'extensions');
  mkdirSync(join(root, 'contrib'), { recursive: true });
  writeFileSync(join(root, 'contrib', 'extension.mjs'), extensionJs);
  const bus = new EventBus('s1');
  const tools = new ToolCollection([]);
  const hooks = new ToolHooks();
  const runner = new ToolRunner({ tools, hooks, workspace: base, home: base, bus });
  const lines: string[] = [];
  const host = new ExtensionRegistry({ bus, tools, hooks, config: {}, workspace: base, roots: [{ dir: root, origin: 'user' }], logSink: (l) => lines.push(l) });
  made.push({ base, host });
  return { host, runner, lines };
}

afterEach(async () => {
  for (const m of made.splice(0)) {
    await m.host.dispose();
    rmSync(m.base, { recursive: true, force: true });
  }
});

const CONTRIB = `export default {
  onLoad(api) {
    api.registerResource({ uri: 'notes://today', name: 'today', mimeType: 'text/plain', read: () => [{ uri: 'notes://today', text: 'buy milk' }] });
    api.registerResourceTemplate({
      uriTemplate: 'notes://day/{date}',
      name: 'day',
      read: (uri, v) => (v.date === '2026-12-01' ? [{ uri, text: 'note of ' + v.date }] : undefined),
      complete: { date: (value) => ['2026-12-01', '2026-12-02'].filter((d) => d.startsWith(value)) },
    });
    api.registerPrompt({ name: 'standup', arguments: [{ name: 'who', required: true }], get: (a) => [{ role: 'user', content: { type: 'text', text: 'Standup for ' + a.who } }] });
    // Taken by the line above: refused with a warning, not an error.
    api.registerPrompt({ name: 'standup', get: () => [] });
  },
};
`;

describe('extensions contribute MCP resources, templates and prompts', { timeout: 60_000 }, () => {
  it('registers them in the host catalog, lists them on the extension, and unloading takes them all back', async () => {
    const { host, lines } = rig(CONTRIB);
    const [info] = await host.loadAll();
    expect(info.status, info.reason).toBe('loaded');
    expect(info.mcp).toEqual({ resources: ['notes://today'], templates: ['notes://day/{date}'], prompts: ['standup'] });
    expect(lines.join('\n')).toMatch(/prompt 'standup' not registered: it is taken/);
    const cat = host.mcp;
    expect(await cat.resource('notes://today')!.read()).toEqual([{ uri: 'notes://today', text: 'buy milk' }]);
    const m = cat.matchTemplate('notes://day/2026-12-01')!;
    expect(await m.template.read('notes://day/2026-12-01', m.variables)).toEqual([{ uri: 'notes://day/2026-12-01', text: 'note of 2026-12-01' }]);
    expect(await m.template.complete!.date('2026-12', { arguments: {} })).toEqual(['2026-12-01', '2026-12-02']);
    expect(cat.prompt('standup')!.arguments).toEqual([{ name: 'who', required: true }]);
    const changes: string[] = [];
    cat.onChange((c) => changes.push(c));
    expect(await host.unload('contrib')).toBe(true);
    expect(cat.fixedResources()).toEqual([]);
    expect(cat.resourceTemplates()).toEqual([]);
    expect(cat.promptList()).toEqual([]);
    expect(changes).toEqual(expect.arrayContaining(['resources', 'prompts']));
  });

  it('an invalid definition fails the load with the reason, and nothing it added before stays', async () => {
    const { host } = rig(`export default { onLoad(api) {
      api.registerResource({ uri: 'ok://one', name: 'one', read: () => [] });
      api.registerResourceTemplate({ uriTemplate: 'bad://{a', name: 'x', read: () => undefined });
    } };`);
    const [info] = await host.loadAll();
    expect(info.status).toBe('failed');
    expect(info.reason).toMatch(/registerResourceTemplate: invalid uriTemplate|unsupported URI template/);
    expect(host.mcp.fixedResources()).toEqual([]);
  });

  it('an extension tool asks its MCP client through ctx; outside mcp serve that rejects at once with the reason', async () => {
    const { host, runner } = rig(`export default { onLoad(api) {
      api.registerTool({ name: 'asker', description: 'asks', async execute(_a, ctx) {
        try { await ctx.elicit({ message: 'hi', requestedSchema: { type: 'object', properties: {} } }); return 'answered'; }
        catch (e) { return { error: e.message + ' | caps=' + JSON.stringify(ctx.clientCapabilities ?? null) }; }
      } });
    } };`);
    await host.loadAll();
    // "At once": a wait for a client that is not there would never end (the test's timeout).
    const out = await runner.run({ callId: 'c1', tool: 'asker', args: {} }, new AbortController().signal);
    expect(out.result.error).toMatch(/did not come from an MCP client .* caps=null/);
  });
});

describe('definition checks', () => {
  const read = () => [];
  it.each<[string, unknown, RegExp | null]>([
    ['a resource', { uri: 'x://y', name: 'y', read }, null],
    ['a relative uri', { uri: 'y', name: 'y', read }, /invalid resource uri/],
    ['no name', { uri: 'x://y', read }, /needs a name/],
    ['no reader', { uri: 'x://y', name: 'y' }, /read\(\) function/],
  ])('resource: %s', (_l, def, reason) => {
    const r = checkExtensionResource(def);
    expect(r.ok ? null : r.reason).toEqual(reason === null ? null : expect.stringMatching(reason));
  });
  it.each<[string, unknown, RegExp | null]>([
    ['a template', { uriTemplate: 'x://a/{id}', name: 'a', read }, null],
    ['reserved expansion', { uriTemplate: 'file://{+path}', name: 'a', read }, null],
    ['no scheme', { uriTemplate: '{id}', name: 'a', read }, /invalid uriTemplate/],
    ['an unclosed brace', { uriTemplate: 'x://{id', name: 'a', read }, /unsupported URI template/],
    ['a query expansion', { uriTemplate: 'x://a{?q}', name: 'a', read }, /unsupported URI template/],
    ['a non-function completer', { uriTemplate: 'x://a/{id}', name: 'a', read, complete: { id: 'x' } }, /complete\.id must be a function/],
  ])('template: %s', (_l, def, reason) => {
    const r = checkExtensionResourceTemplate(def);
    expect(r.ok ? null : r.reason).toEqual(reason === null ? null : expect.stringMatching(reason));
  });
  it.each<[string, unknown, RegExp | null]>([
    ['a prompt', { name: 'p', get: read }, null],
    ['a bad name', { name: 'a b', get: read }, /invalid prompt name/],
    ['no get', { name: 'p' }, /get\(args, ctx\)/],
    ['arguments not an array', { name: 'p', get: read, arguments: {} }, /must be an array/],
    ['an argument without a name', { name: 'p', get: read, arguments: [{}] }, /needs a name/],
  ])('prompt: %s', (_l, def, reason) => {
    const r = checkExtensionPrompt(def);
    expect(r.ok ? null : r.reason).toEqual(reason === null ? null : expect.stringMatching(reason));
  });
});
