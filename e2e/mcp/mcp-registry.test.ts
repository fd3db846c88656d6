import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROOT, runGlassbox, tempGlassbox } from '../helpers/cli';
import { registryEntries, startRegistry, type RegistryFixture } from './fixtures/registry-server';
import { startTwoEra } from './mcp-test-helpers';

// End to end: `glassbox mcp search` and `glassbox mcp add` against a local registry serving the
// v0.1 API from server.json entries; an npm-packaged server installed and connected (npx,
// offline, resolved from node_modules), a remote one with a required secret header, and
// registries that answer 500 or garbage. Needs `npm run build` first.
vi.setConfig({ testTimeout: 240_000 });

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setUp(extra: Record<string, unknown> = {}): Promise<{ registry: RegistryFixture; home: string; workspace: string; env: NodeJS.ProcessEnv; config: string }> {
  const registry = await startRegistry();
  cleanups.push(() => registry.close());
  const t = tempGlassbox();
  mkdirSync(t.home, { recursive: true });
  mkdirSync(t.workspace, { recursive: true });
  // npx resolves the pinned package from the workspace's node_modules (no network here).
  symlinkSync(join(ROOT, 'node_modules'), join(t.workspace, 'node_modules'));
  const config = join(t.home, 'config.json');
  writeFileSync(config, JSON.stringify({ mcp: { registries: [registry.url] }, ...extra }, null, 2));
  return { registry, home: t.home, workspace: t.workspace, env: { ...t.env, npm_config_offline: 'true' }, config };
}

describe('glassbox mcp search / add', () => {
  it('searches the registry: latest versions, their packages and remotes', async () => {
    const f = await setUp();
    const r = await runGlassbox(['mcp', 'search', 'github', '--json'], { env: f.env, cwd: f.workspace });
    expect(r.code, r.stderr).toBe(0);
    const hits = JSON.parse(r.stdout) as Array<{ name: string; version: string; registry: string; options: Array<{ key: string; kind: string }> }>;
    expect(hits.map((h) => [h.name, h.version, h.registry])).toEqual([
      ['io.github.modelcontextprotocol/everything', '2026.8.31', f.registry.url],
      ['io.github.github/github-mcp-server', '0.13.0', f.registry.url],
      ['io.github.modelcontextprotocol/fetch', '2025.4.7', f.registry.url],
      ['io.github.user/local-weather', '1.0.0', f.registry.url],
    ]);
    expect(hits[1]!.options.map((o) => [o.key, o.kind])).toEqual([
      ['package:0', 'oci'],
      ['remote:0', 'remote'],
    ]);
    expect(f.registry.requests[0]).toBe('/v0.1/servers?search=github&limit=30&version=latest');
    const human = await runGlassbox(['mcp', 'search', 'everything'], { env: f.env, cwd: f.workspace });
    expect(human.stdout).toContain('io.github.modelcontextprotocol/everything@2026.8.31  [npm/stdio]');
  });

  it('installs an npm-packaged server, version pinned, and it connects', async () => {
    const f = await setUp();
    const r = await runGlassbox(['mcp', 'add', 'io.github.modelcontextprotocol/everything@2026.8.31', '--json'], { env: f.env, cwd: f.workspace });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { id: string; status: string; toolCount: number; config: unknown };
    expect(out).toMatchObject({ id: 'everything', status: 'connected' });
    expect(out.toolCount).toBeGreaterThan(3);
    const saved = JSON.parse(readFileSync(f.config, 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(saved.mcpServers.everything).toEqual({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-everything@2026.8.31'],
      registry: { name: 'io.github.modelcontextprotocol/everything', version: '2026.8.31' },
    });
    // Taken: a second install under the same id is a usage error and changes nothing.
    const again = await runGlassbox(['mcp', 'add', 'io.github.modelcontextprotocol/everything'], { env: f.env, cwd: f.workspace });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("a server 'everything' is already configured");
  });

  it('installs a remote server with a required secret header: the token goes to the key store, never config.json', async () => {
    const f = await setUp();
    const remote = await startTwoEra(['--secret-header', 'authorization:Bearer ghp_SECRET_123456']);
    cleanups.push(() => void remote.child.kill());
    // The published entry, pointed at the local server.
    const entries = registryEntries();
    const gh = entries.find((e) => e.server.name === 'io.github.github/github-mcp-server')!;
    (gh.server.remotes as Array<{ url: string }>)[0]!.url = remote.url;
    await f.registry.close();
    const registry = await startRegistry(entries);
    cleanups.push(() => registry.close());
    writeFileSync(f.config, JSON.stringify({ mcp: { registries: [registry.url] } }));
    const before = readFileSync(f.config, 'utf8');

    // Without the header's value and nobody at a terminal: exit 2, nothing written.
    const missing = await runGlassbox(['mcp', 'add', 'io.github.github/github-mcp-server', '--option', 'remote:0'], { env: f.env, cwd: f.workspace });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("needs 'Authorization.token'");
    expect(readFileSync(f.config, 'utf8')).toBe(before);
    expect(existsSync(join(f.home, 'state', 'secrets.json'))).toBe(false);

    const r = await runGlassbox(['mcp', 'add', 'io.github.github/github-mcp-server', '--option', 'remote:0', '--id', 'gh', '--set', 'Authorization.token=ghp_SECRET_123456'], { env: f.env, cwd: f.workspace });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Connected:');
    const text = readFileSync(f.config, 'utf8');
    expect(text).not.toContain('ghp_SECRET_123456');
    expect(JSON.parse(text).mcpServers.gh).toEqual({ type: 'http', url: remote.url, headers: { Authorization: 'Bearer ${secret:gh.Authorization.token}' }, registry: { name: 'io.github.github/github-mcp-server', version: '0.13.0' } });
    const store = join(f.home, 'state', 'secrets.json');
    expect(JSON.parse(readFileSync(store, 'utf8'))).toEqual({ 'gh.Authorization.token': 'ghp_SECRET_123456' });
    expect(statSync(store).mode & 0o777).toBe(0o600);
    // The stored secret is used by every later connection.
    const list = await runGlassbox(['mcp', 'list', '--json'], { env: { ...f.env, GLASSBOX_DISABLE_BROWSER: '1' }, cwd: f.workspace });
    expect((JSON.parse(list.stdout) as Array<{ id: string; status: string }>).find((s) => s.id === 'gh')?.status).toBe('connected');
  });

  it.each([
    ['500', /answered HTTP 500: database unavailable/],
    ['garbage', /answered something that is not JSON \(text\/html\): <html><body>Service Temporarily Unavailable/],
    ['wrong-shape', /answered JSON that is not the v0\.1 API: servers: /],
  ] as const)('a registry answering %s: a clear message, exit 1, nothing written', async (mode, message) => {
    const f = await setUp();
    f.registry.mode = mode;
    const before = readFileSync(f.config, 'utf8');
    const search = await runGlassbox(['mcp', 'search', 'x'], { env: f.env, cwd: f.workspace });
    expect(search.code).toBe(1);
    expect(search.stderr).toMatch(message);
    const add = await runGlassbox(['mcp', 'add', 'io.github.modelcontextprotocol/everything'], { env: f.env, cwd: f.workspace });
    expect(add.code).toBe(1);
    expect(readFileSync(f.config, 'utf8')).toBe(before);
  });

  it('a registry that is down, and an unknown name', async () => {
    const f = await setUp();
    await f.registry.close();
    const down = await runGlassbox(['mcp', 'search', 'x'], { env: f.env, cwd: f.workspace });
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/cannot be reached \(ECONNREFUSED\)/);
    const g = await setUp();
    const unknown = await runGlassbox(['mcp', 'add', 'com.example/nope'], { env: g.env, cwd: g.workspace });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('not found in the registry');
  });

  it('the allowlist: search hides, add refuses', async () => {
    const f = await setUp({ mcp: { allow: ['io.github.modelcontextprotocol/*'] } });
    writeFileSync(f.config, JSON.stringify({ mcp: { registries: [f.registry.url], allow: ['io.github.modelcontextprotocol/*'] } }));
    const search = await runGlassbox(['mcp', 'search', 'github', '--json'], { env: f.env, cwd: f.workspace });
    expect((JSON.parse(search.stdout) as Array<{ name: string }>).map((h) => h.name)).toEqual(['io.github.modelcontextprotocol/everything', 'io.github.modelcontextprotocol/fetch']);
    const add = await runGlassbox(['mcp', 'add', 'io.github.github/github-mcp-server'], { env: f.env, cwd: f.workspace });
    expect(add.code).toBe(1);
    expect(add.stderr).toContain('is not on the allowlist');
  });
});
