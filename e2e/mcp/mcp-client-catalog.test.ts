// Resources, prompts, completions and subscriptions through the manager, against
// server-everything (2025) and the two-era server (2026), and what goes in front of the next
// user message (attachments).
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ctxFor, EVERYTHING, makeManager, startTwoEra, waitFor } from './mcp-test-helpers';

describe('MCP client: resources, prompts, completions, subscriptions', () => {
  let m: ReturnType<typeof makeManager>;
  let child: ChildProcess;
  beforeAll(async () => {
    const s = await startTwoEra();
    child = s.child;
    m = makeManager({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] }, two: { url: s.url } } });
    await m.manager.start();
  }, 60_000);
  afterAll(async () => {
    await m.manager.close();
    child.kill('SIGTERM');
  });

  it('lists and reads resources and templates; a resource becomes an attachment; counts show on the status', async () => {
    const resources = await m.manager.catalog.resources('everything');
    expect(resources.length).toBeGreaterThan(0);
    const text = resources.find((r) => r.mimeType?.startsWith('text/')) ?? resources[0];
    const read = await m.manager.catalog.readResource('everything', text.uri);
    expect(read.contents[0].uri).toBe(text.uri);
    const att = await m.manager.catalog.resourceAttachment('everything', text.uri);
    expect(att.label).toBe(`everything:resource ${text.uri}`);
    expect(att.text.length + att.images.length).toBeGreaterThan(0);
    const templates = await m.manager.catalog.resourceTemplates('everything');
    expect(templates.map((t) => t.uriTemplate)).toContain('demo://resource/dynamic/text/{resourceId}');
    await m.manager.catalog.loadCounts(['everything', 'two']);
    const st = m.manager.status('everything')!;
    expect(st).toMatchObject({ resourceCount: resources.length, resourceTemplateCount: templates.length });
    expect(st.promptCount).toBeGreaterThan(0);
    expect(m.manager.status('two')).toMatchObject({ resourceCount: 1, promptCount: 1, protocolVersion: '2026-07-28' });
  });

  it('completes prompt arguments (the first narrows the second) and template variables; a prompt becomes an attachment', async () => {
    const prompts = await m.manager.catalog.prompts('everything');
    expect(prompts.map((p) => p.name)).toContain('completable-prompt');
    const ref = { type: 'ref/prompt' as const, name: 'completable-prompt' };
    expect((await m.manager.catalog.complete('everything', ref, { name: 'department', value: 'E' })).values).toEqual(['Engineering']);
    expect((await m.manager.catalog.complete('everything', ref, { name: 'name', value: '' }, { department: 'Sales' })).values).toEqual(['David', 'Eve', 'Frank']);
    const tpl = await m.manager.catalog.complete('everything', { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' }, { name: 'resourceId', value: '' });
    expect(Array.isArray(tpl.values)).toBe(true);
    const att = await m.manager.catalog.promptAttachment('everything', 'completable-prompt', { department: 'Engineering', name: 'Alice' });
    expect(att).toMatchObject({ label: 'everything:prompt completable-prompt', text: 'Please promote Alice to the head of the Engineering team.' });
  });

  it('the same on a 2026-07-28 server: resources, prompts with completion', async () => {
    expect((await m.manager.catalog.resourceAttachment('two', 'note://hello')).text).toBe('hello from a resource');
    expect((await m.manager.catalog.complete('two', { type: 'ref/prompt', name: 'greet' }, { name: 'name', value: 'a' })).values).toEqual(['Ada', 'Alan']);
    expect((await m.manager.catalog.promptAttachment('two', 'greet', { name: 'Grace' })).text).toBe('Say hello to Grace');
  });

  it('a subscribed resource’s updates arrive as events (resources/subscribe on 2025)', async () => {
    const uri = (await m.manager.catalog.resources('everything'))[0].uri;
    await m.manager.catalog.subscribe('everything', uri);
    expect(m.manager.catalog.subscriptions('everything')).toEqual([uri]);
    await m.tools.execute('mcp_everything_toggle-subscriber-updates', {}, ctxFor(m.bus, m.workspace));
    await waitFor(() => m.events.find((e) => e.type === 'mcp_resource_updated' && e.server === 'everything' && e.uri === uri), 15_000, 'resource update');
    await m.manager.catalog.unsubscribe('everything', uri);
    expect(m.manager.catalog.subscriptions('everything')).toEqual([]);
    await m.tools.execute('mcp_everything_toggle-subscriber-updates', {}, ctxFor(m.bus, m.workspace));
  }, 30_000);

  it('bad input is a clear error, not a crash: unknown server, unknown resource, a server without subscriptions', async () => {
    await expect(m.manager.catalog.resources('nope')).rejects.toThrow(/no MCP server 'nope'/);
    await expect(m.manager.catalog.readResource('two', 'note://missing')).rejects.toThrow();
    await expect(m.manager.catalog.subscribe('two', 'note://hello')).rejects.toThrow(/does not offer resource subscriptions/);
    expect((await m.manager.catalog.resourceAttachment('two', 'note://hello')).text).toBe('hello from a resource');
  });
});
