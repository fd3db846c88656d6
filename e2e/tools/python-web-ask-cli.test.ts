import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as pty from 'node-pty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runGlassbox, tempGlassbox } from '../helpers/cli';

/**
 * The built CLI (`npm run build` first) with issue 3's part-B tools: python_execute's driver is
 * found from out/main, web tools read their config from $GLASSBOX_HOME/config.json, and
 * ask_human answers from a real terminal through the CLI's TerminalHumanInput.
 */

const DDG_PAGE = `<html><body><div id="links" class="results">
<div class="result results_links web-result"><div class="links_main result__body">
<h2 class="result__title"><a class="result__a" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Flocal.example%2Fhit">Local Hit</a></h2>
<a class="result__snippet" href="#">Found through the configured engine.</a></div></div></div></body></html>`;

let server: Server;
let base: string;
let ddgHits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/ddg')) {
      ddgHits++;
      // First request rate-limited: the per-engine retry from config must absorb it.
      if (ddgHits === 1) return void res.writeHead(429).end();
      return void res.writeHead(200, { 'content-type': 'text/html' }).end(DDG_PAGE);
    }
    if (req.url === '/article') {
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<html><head><title>CLI Article</title></head><body><nav>NAV</nav><article><p>${'Readable body text for the CLI test. '.repeat(20)}</p></article></body></html>`);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function setup(config: Record<string, unknown> = {}) {
  const g = tempGlassbox();
  mkdirSync(g.home, { recursive: true });
  mkdirSync(g.workspace, { recursive: true });
  writeFileSync(`${g.home}/config.json`, JSON.stringify(config));
  return g;
}

describe('part-B built-in tools through the built CLI', () => {
  it('tools list shows the six tools in the documented order', async () => {
    const g = setup();
    const r = await runGlassbox(['tools', 'list', '--json'], { env: g.env, cwd: g.workspace });
    expect(r.code).toBe(0);
    const names = (JSON.parse(r.stdout) as Array<{ name: string; source: string }>).filter((t) => t.source === 'builtin').map((t) => t.name);
    const mine = ['python_execute', 'web_search', 'web_fetch', 'ask_human', 'terminate', 'planning'];
    expect(names.filter((n) => mine.includes(n))).toEqual(mine);
    expect(names.indexOf('str_replace_editor')).toBeLessThan(names.indexOf('python_execute'));
    if (names.includes('bash')) expect(names.indexOf('bash')).toBeLessThan(names.indexOf('python_execute'));
  });

  it('python_execute runs from the built CLI (driver shipped in the bundle) in the workspace', async () => {
    const g = setup();
    const r = await runGlassbox(
      ['tools', 'call', 'python_execute', '--args', JSON.stringify({ code: 'import os\nprint(os.getcwd())\n6 * 7' }), '--workspace', g.workspace],
      { env: g.env, cwd: g.workspace },
    );
    expect(r.stderr).not.toMatch(/Error/);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(g.workspace);
    expect(r.stdout).toContain('42');
  });

  it('python_execute: a missing interpreter from config is a clear tool error (exit 1)', async () => {
    const g = setup({ python: { command: 'no-such-python3' } });
    const r = await runGlassbox(['tools', 'call', 'python_execute', '--args', '{"code":"1"}'], { env: g.env, cwd: g.workspace });
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toContain('no-such-python3 was not found on PATH');
  });

  it('web_search reads the webSearch config section (engine base URL, retries)', async () => {
    ddgHits = 0;
    const g = setup({
      webSearch: { engine: 'duckduckgo', engineBackoffMs: 50, disabledEngines: ['bing'], engines: { duckduckgo: { baseUrl: `${base}/ddg/html/` } } },
    });
    const r = await runGlassbox(['tools', 'call', 'web_search', '--args', JSON.stringify({ query: 'local' })], { env: { ...g.env, BRAVE_API_KEY: '' }, cwd: g.workspace });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Search results for 'local':");
    expect(r.stdout).toContain('1. Local Hit\n   URL: https://local.example/hit\n   Description: Found through the configured engine.');
    expect(ddgHits).toBe(2);
  });

  it('web_fetch returns readable Markdown, and a 404 exits 1 with the explanation', async () => {
    const g = setup();
    const ok = await runGlassbox(['tools', 'call', 'web_fetch', '--args', JSON.stringify({ url: `${base}/article` })], { env: g.env, cwd: g.workspace });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('# CLI Article');
    expect(ok.stdout).toContain('Readable body text for the CLI test.');
    expect(ok.stdout).not.toContain('NAV');
    const missing = await runGlassbox(['tools', 'call', 'web_fetch', '--args', JSON.stringify({ url: `${base}/nope` })], { env: g.env, cwd: g.workspace });
    expect(missing.code).toBe(1);
    expect(missing.stdout + missing.stderr).toContain('HTTP 404 Not Found: there is no page at this URL');
  });

  it('ask_human fails clearly when stdin is not a terminal', async () => {
    const g = setup();
    const r = await runGlassbox(['tools', 'call', 'ask_human', '--args', '{"inquire":"Anyone there?"}'], { env: g.env, cwd: g.workspace });
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toContain('stdin is not an interactive terminal');
  });

  it('ask_human takes the answer typed into a real terminal', async () => {
    const g = setup();
    const p = pty.spawn(process.execPath, [BIN, 'tools', 'call', 'ask_human', '--args', '{"inquire":"Which branch should I use?"}'], {
      cwd: g.workspace,
      env: g.env as Record<string, string>,
      cols: 120,
      rows: 30,
    });
    let screen = '';
    let typed = false;
    p.onData((d) => {
      screen += d;
      if (!typed && screen.includes('Which branch should I use?') && screen.includes('> ')) {
        typed = true;
        setTimeout(() => p.write('release-2026\r'), 100);
      }
    });
    const code = await new Promise<number>((resolve, reject) => {
      const t = setTimeout(() => {
        p.kill();
        reject(new Error(`no exit; screen: ${JSON.stringify(screen)}`));
      }, 40_000);
      p.onExit((e) => {
        clearTimeout(t);
        resolve(e.exitCode);
      });
    });
    expect(code).toBe(0);
    expect(screen).toContain('? The agent asks:');
    // The answer comes back as the tool output (after the echoed input line).
    expect(screen.split('release-2026').length).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('terminate validates its status', async () => {
    const g = setup();
    const bad = await runGlassbox(['tools', 'call', 'terminate', '--args', '{"status":"done"}'], { env: g.env, cwd: g.workspace });
    expect(bad.code).toBe(1);
    expect(bad.stdout + bad.stderr).toContain(`'status' must be one of "success", "failure"`);
    const ok = await runGlassbox(['tools', 'call', 'terminate', '--args', '{"status":"failure"}'], { env: g.env, cwd: g.workspace });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('The interaction has been completed with status: failure');
  });
});
