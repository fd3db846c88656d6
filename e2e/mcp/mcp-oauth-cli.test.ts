import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedModelServer } from '../fixtures/scripted-model-server';
import { ROOT, runGlassbox, tempGlassbox } from '../helpers/cli';
import { startOAuthProtectedServer, type OAuthProtectedServer } from './fixtures/oauth-protected-server';

const BROWSER = join(ROOT, 'e2e', 'mcp', 'fixtures', 'follow-redirect-browser.mjs');

let server: OAuthProtectedServer;
let t: ReturnType<typeof tempGlassbox>;
let browserLog: string;

function writeConfig(mcpServers: Record<string, unknown>): void {
  mkdirSync(t.home, { recursive: true });
  writeFileSync(join(t.home, 'config.json'), JSON.stringify({ mcpServers }));
}

/** The URLs $BROWSER was called with, one argv array per call. */
function browserCalls(): string[][] {
  return existsSync(browserLog) ? readFileSync(browserLog, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as string[]) : [];
}

const withBrowser = () => ({ ...t.env, BROWSER: BROWSER, BROWSER_LOG: browserLog });
const withoutBrowser = () => {
  const env = { ...t.env };
  delete env.BROWSER;
  return env;
};

beforeEach(async () => {
  server = await startOAuthProtectedServer();
  t = tempGlassbox();
  mkdirSync(t.workspace, { recursive: true });
  browserLog = join(t.home, '..', 'browser.log');
  writeConfig({ notes: { url: server.url }, local: { command: 'node', args: ['-e', ''] } });
});
afterEach(async () => {
  await server.close();
});

describe('glassbox mcp login / logout', () => {
  it('login signs in through $BROWSER (the URL as its only argument, printed on stderr too) and stores the tokens 0600', async () => {
    const r = await runGlassbox(['mcp', 'login', 'notes'], { env: withBrowser(), cwd: t.workspace });
    expect(r.stderr).toMatch(/Sign in to MCP server 'notes' in your browser: http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
    expect(r.stdout.trim()).toBe("Signed in to MCP server 'notes' as ada@example.com.");
    expect(r.code).toBe(0);
    const calls = browserCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(1);
    expect(r.stderr).toContain(calls[0][0]);
    const file = join(t.home, 'state', 'oauth', 'notes.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(t.home, 'state', 'oauth')).mode & 0o777).toBe(0o700);
    // Nothing of the sign-in ends up in the config.
    expect(readFileSync(join(t.home, 'config.json'), 'utf8')).not.toMatch(/token/i);
  }, 60_000);

  it('exit codes: 2 for a missing or unknown id and for a stdio server, 1 when the authorization server refuses', async () => {
    const none = await runGlassbox(['mcp', 'login'], { env: withBrowser(), cwd: t.workspace });
    expect(none.code).toBe(2);
    const unknown = await runGlassbox(['mcp', 'login', 'nope'], { env: withBrowser(), cwd: t.workspace });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("no MCP server 'nope' in the config (configured: notes, local)");
    const stdio = await runGlassbox(['mcp', 'login', 'local'], { env: withBrowser(), cwd: t.workspace });
    expect(stdio.code).toBe(2);
    expect(stdio.stderr).toContain("MCP server 'local' is not an HTTP server");
    server.knobs.authorize = 'deny';
    const denied = await runGlassbox(['mcp', 'login', 'notes'], { env: withBrowser(), cwd: t.workspace });
    expect(denied.stderr).toContain("sign-in to MCP server 'notes' failed: the authorization server refused the sign-in (access_denied)");
    expect(denied.stderr).not.toContain('user said no');
    expect(denied.code).toBe(1);
  }, 60_000);

  it('a redirect with a wrong state is ignored, not redeemed: the login keeps waiting for the real one and stores nothing', async () => {
    server.knobs.authorize = 'wrong-state';
    // Any page on this machine could send the browser to the callback: such a request must not
    // end the sign-in. The login waits (up to its 5 minutes); the test stops it after 15 s.
    const r = await runGlassbox(['mcp', 'login', 'notes'], { env: withBrowser(), cwd: t.workspace, timeoutMs: 15_000 });
    expect(browserCalls()).toHaveLength(1);
    expect(r.stderr).not.toMatch(/Signed in|failed/);
    expect(r.code).not.toBe(0);
    expect(server.log.tokenRequests).toEqual([]);
    // The client registration may be kept; no token is.
    const record = join(t.home, 'state', 'oauth', 'notes.json');
    expect(existsSync(record) ? (JSON.parse(readFileSync(record, 'utf8')) as { tokens?: unknown }).tokens : undefined).toBeUndefined();
  }, 60_000);

  it('logout revokes and forgets the tokens (exit 0), and says so when there were none', async () => {
    await runGlassbox(['mcp', 'login', 'notes'], { env: withBrowser(), cwd: t.workspace });
    expect(server.liveAccessTokens()).toHaveLength(1);
    const out = await runGlassbox(['mcp', 'logout', 'notes'], { env: withoutBrowser(), cwd: t.workspace });
    expect(out.stdout.trim()).toBe("Signed out of MCP server 'notes': its tokens are forgotten and the authorization server revoked them.");
    expect(out.code).toBe(0);
    expect(server.liveAccessTokens()).toEqual([]);
    expect(server.log.revocations).toHaveLength(2);
    expect(existsSync(join(t.home, 'state', 'oauth', 'notes.json'))).toBe(false);
    const again = await runGlassbox(['mcp', 'logout', 'notes'], { env: withoutBrowser(), cwd: t.workspace });
    expect(again.stdout.trim()).toBe("MCP server 'notes' had no sign-in to forget.");
    expect(again.code).toBe(0);
  }, 60_000);
});

describe('glassbox tools and run sign in when a server asks', () => {
  it('tools call signs in through $BROWSER mid-connect, and the token never shows in output or the session file', async () => {
    const r = await runGlassbox(['tools', 'call', 'mcp_notes_echo_token', '--json'], { env: withBrowser(), cwd: t.workspace });
    expect(r.stderr).toContain("Sign in to MCP server 'notes' in your browser:");
    expect(r.code).toBe(0);
    const token = server.liveAccessTokens()[0];
    expect(token).toBeTruthy();
    expect(r.stdout).toContain('your token is [REDACTED]');
    expect(r.stdout + r.stderr).not.toContain(token);
    const sessions = join(t.home, 'sessions');
    for (const f of existsSync(sessions) ? readdirSync(sessions) : []) expect(readFileSync(join(sessions, f), 'utf8')).not.toContain(token);
  }, 60_000);

  it('a second process uses the stored tokens without the browser; expired ones are refreshed', async () => {
    server.knobs.accessTtlSec = 4;
    expect((await runGlassbox(['mcp', 'login', 'notes'], { env: withBrowser(), cwd: t.workspace })).code).toBe(0);
    const second = await runGlassbox(['tools', 'call', 'mcp_notes_whoami'], { env: withBrowser(), cwd: t.workspace });
    expect(second.stdout).toContain('with scopes notes:read');
    expect(second.code).toBe(0);
    await new Promise((r) => setTimeout(r, 4_200));
    const third = await runGlassbox(['tools', 'call', 'mcp_notes_whoami'], { env: withBrowser(), cwd: t.workspace });
    expect(third.stdout).toContain('with scopes notes:read');
    expect(browserCalls()).toHaveLength(1);
    const grants = server.log.tokenRequests.map((f) => f.get('grant_type'));
    expect(grants.filter((g) => g === 'authorization_code')).toHaveLength(1);
    expect(grants.slice(1).every((g) => g === 'refresh_token') && grants.length >= 2).toBe(true);
  }, 60_000);

  it('without a terminal or $BROWSER: a clear "run glassbox mcp login" message, the server needs-sign-in, the rest works', async () => {
    const list = await runGlassbox(['tools', 'list'], { env: withoutBrowser(), cwd: t.workspace });
    expect(list.stderr).toMatch(/warning: MCP server 'notes' needs sign-in, so its tools are missing: .*MCP server 'notes' needs sign-in: run `glassbox mcp login notes`/);
    expect(list.stdout).toContain('str_replace_editor');
    expect(list.code).toBe(0);
    const mcp = await runGlassbox(['mcp', 'list', '--json'], { env: withoutBrowser(), cwd: t.workspace });
    const notes = (JSON.parse(mcp.stdout) as Array<{ id: string; status: string; lastError: string }>).find((s) => s.id === 'notes');
    expect(notes).toMatchObject({ status: 'needs-sign-in' });
    expect(server.log.authorizeRequests).toEqual([]);
  }, 60_000);

  it('a revoked token asks again', async () => {
    expect((await runGlassbox(['mcp', 'login', 'notes'], { env: withBrowser(), cwd: t.workspace })).code).toBe(0);
    server.revokeAll();
    const offline = await runGlassbox(['tools', 'list'], { env: withoutBrowser(), cwd: t.workspace });
    expect(offline.stderr).toContain('run `glassbox mcp login notes`');
    const again = await runGlassbox(['tools', 'call', 'mcp_notes_whoami'], { env: withBrowser(), cwd: t.workspace });
    expect(again.stdout).toContain('with scopes notes:read');
    expect(browserCalls()).toHaveLength(2);
  }, 60_000);
});

describe('glassbox run', () => {
  async function run(env: NodeJS.ProcessEnv) {
    const model = await startScriptedModelServer([{ toolCalls: [{ id: 'c1', name: 'mcp_notes_whoami', arguments: {} }] }, { text: 'Done.' }]);
    try {
      const e = { ...env, GLASSBOX_LLM_PROVIDER: 'openai', GLASSBOX_LLM_BASE_URL: model.openaiBaseURL, GLASSBOX_LLM_MODEL: 'scripted', GLASSBOX_LLM_API_KEY: 'sk-test' };
      return await runGlassbox(['run', 'who am I?', '--approve', 'auto', '--workspace', t.workspace], { env: e, cwd: t.workspace, timeoutMs: 100_000 });
    } finally {
      await model.close();
    }
  }

  it('signs in when a server asks ($BROWSER), and the model gets the tool', async () => {
    const r = await run(withBrowser());
    expect(r.stderr).toContain("Sign in to MCP server 'notes' in your browser:");
    expect(r.stderr).toMatch(/← mcp_notes_whoami ok .*with scopes notes:read/);
    expect(r.code).toBe(0);
  }, 120_000);

  it('without a terminal or $BROWSER the run goes on without the server and says how to sign in', async () => {
    const r = await run(withoutBrowser());
    expect(r.stderr).toContain("! mcp notes: ");
    expect(r.stderr).toContain('run `glassbox mcp login notes`');
    expect(r.stderr).toMatch(/← mcp_notes_whoami error/);
    expect(server.log.authorizeRequests).toEqual([]);
    expect(r.code).toBe(0);
  }, 120_000);
});
