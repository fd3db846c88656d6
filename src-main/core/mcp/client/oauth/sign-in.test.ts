import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, SSEClientTransport, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startOAuthProtectedServer, type OAuthProtectedServer } from '../../../../../e2e/mcp/fixtures/oauth-protected-server';
import type { McpServerConfig } from '../../../config/config';
import { EventBus } from '../../../events/event-bus';
import { ToolCollection } from '../../../tools/tool-collection';
import { McpManager } from '../manager';
import { FileOAuthStore } from './file-store';
import { McpSignIn } from './sign-in';
import { revokeTokens, revokingClientOf } from './revoke-tokens';
import { SignInFailedError, SignInRequiredError } from './sign-in-errors';

/** The text of each page the browser landed on at the loopback callback. */
let pages: Promise<string>[] = [];

/** A browser that follows the authorization server's redirect to the loopback callback. */
function followingBrowser(opened: string[]) {
  return async (url: string) => {
    opened.push(url);
    const r = await fetch(url, { redirect: 'manual' });
    const location = r.headers.get('location');
    if (location) pages.push(fetch(location).then((x) => x.text()).catch((e: Error) => `fetch failed: ${e.message}`));
  };
}

let server: OAuthProtectedServer;
let dir: string;
let opened: string[];
let notes: string[];
let secrets: string[];

function signIn(opts: { interactive?: boolean; env?: NodeJS.ProcessEnv; callbackTimeoutMs?: number; openUrl?: (url: string) => Promise<void> } = {}) {
  return new McpSignIn({
    store: new FileOAuthStore(join(dir, 'state', 'oauth')),
    host: {
      interactive: opts.interactive ?? true,
      openUrl: opts.openUrl ?? followingBrowser(opened),
      notify: (l) => notes.push(l),
      // Generous: the browser here follows the redirect at once, the machine may be slow.
      callbackTimeoutMs: opts.callbackTimeoutMs ?? 60_000,
    },
    signInHint: (id) => `run \`glassbox mcp login ${id}\``,
    env: opts.env ?? {},
    onSecret: (s) => secrets.push(s),
  });
}

/** Connects an SDK client the way the MCP connection does (the sign-in's fetch as the transport's). */
async function connect(s: McpSignIn, config: McpServerConfig, id = 'notes') {
  const auth = await s.factory(id, config);
  const client = new Client({ name: 't', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(config.url!), { fetch: auth!.fetch }));
  return client;
}

beforeEach(async () => {
  pages = [];
  server = await startOAuthProtectedServer();
  dir = mkdtempSync(join(tmpdir(), 'gb-oauth-'));
  opened = [];
  notes = [];
  secrets = [];
});
afterEach(async () => {
  await server.close();
});

describe('sign-in against a real OAuth-protected MCP server', () => {
  it('registers, signs in with PKCE, state and the resource indicator, and stores tokens 0600 in a 0700 folder', async () => {
    const client = await connect(signIn(), { url: server.url });
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain('whoami');
    await client.close();

    expect(server.log.registrations).toHaveLength(1);
    expect(server.log.registrations[0].redirect_uris).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)]);
    const authz = server.log.authorizeRequests[0];
    expect(authz.get('code_challenge_method')).toBe('S256');
    expect(authz.get('resource')).toBe(server.url);
    expect(authz.get('state')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(server.log.tokenRequests[0].get('resource')).toBe(server.url);
    expect(opened).toHaveLength(1);
    expect(notes.some((l) => l.includes(opened[0]))).toBe(true);
    expect(await pages[0]).toContain("Glassbox: signed in to 'notes'");

    const file = join(dir, 'state', 'oauth', 'notes.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'state', 'oauth')).mode & 0o777).toBe(0o700);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.serverUrl).toBe(server.url);
    // Every token that came to light was handed to the redactor.
    expect(secrets).toContain(saved.tokens.access_token);
    expect(secrets).toContain(saved.tokens.refresh_token);
  });

  it('a second process uses the stored tokens without the browser', async () => {
    await (await connect(signIn(), { url: server.url })).close();
    opened.length = 0;
    const client = await connect(signIn({ interactive: false }), { url: server.url });
    const r = await client.callTool({ name: 'whoami', arguments: {} });
    expect(JSON.stringify(r.content)).toContain('notes:read');
    expect(opened).toEqual([]);
    await client.close();
  });

  it('an expired access token is refreshed without the browser', async () => {
    server.knobs.accessTtlSec = 60;
    await (await connect(signIn(), { url: server.url })).close();
    opened.length = 0;
    // The clock, not a wait, makes the token expire (both sides read Date.now()); a 1 s token
    // and a real wait failed on a loaded machine when the refreshed token expired in use too.
    server.knobs.accessTtlSec = 3600;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const client = await connect(signIn({ interactive: false }), { url: server.url });
      await client.listTools();
      expect(server.log.tokenRequests.map((f) => f.get('grant_type'))).toContain('refresh_token');
      expect(opened).toEqual([]);
      await client.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a revoked token asks again: the browser when it may, else needs-sign-in with the login hint', async () => {
    await (await connect(signIn(), { url: server.url })).close();
    server.revokeAll();
    await expect(connect(signIn({ interactive: false }), { url: server.url })).rejects.toSatisfy(
      (e: Error) => e instanceof SignInRequiredError && e instanceof UnauthorizedError && e.message === "MCP server 'notes' needs sign-in: run `glassbox mcp login notes`",
    );
    opened.length = 0;
    const client = await connect(signIn(), { url: server.url });
    await client.listTools();
    expect(opened).toHaveLength(1);
    await client.close();
  });

  it('a step-up on insufficient_scope asks for the wider scope, keeping the old one, and the call goes through', async () => {
    const client = await connect(signIn(), { url: server.url });
    const r = await client.callTool({ name: 'write_note', arguments: { text: 'hi' } });
    expect(JSON.stringify(r.content)).toContain('saved: hi');
    expect(opened).toHaveLength(2);
    const scopes = server.log.authorizeRequests[1].get('scope')?.split(' ') ?? [];
    expect(scopes).toEqual(expect.arrayContaining(['notes:read', 'notes:write']));
    await client.close();
  });

  it('a pre-registered client (secret from ${env:…}) is used as configured and its secret is never stored', async () => {
    server.addClient({ client_id: 'glassbox-pre', client_secret: 's3cret-pre-registered', redirect_uris: ['http://127.0.0.1:1/callback'], token_endpoint_auth_method: 'client_secret_basic' });
    const config: McpServerConfig = { url: server.url, oauth: { clientId: 'glassbox-pre', clientSecret: '${env:NOTES_SECRET}' } };
    const client = await connect(signIn({ env: { NOTES_SECRET: 's3cret-pre-registered' } }), config);
    await client.listTools();
    await client.close();
    expect(server.log.registrations).toEqual([]);
    expect(server.log.authorizeRequests[0].get('client_id')).toBe('glassbox-pre');
    expect(readFileSync(join(dir, 'state', 'oauth', 'notes.json'), 'utf8')).not.toContain('s3cret-pre-registered');
    expect(secrets).toContain('s3cret-pre-registered');
  });

  it('a session takes up the tokens another process signed in with meanwhile (no sign-in of its own)', async () => {
    const window = signIn({ interactive: false });
    await (await connect(signIn(), { url: server.url })).close();
    const client = await connect(window, { url: server.url });
    server.revokeAll();
    // `glassbox mcp login` in another process while the window's session runs.
    expect(await signIn().login('notes', { url: server.url })).toBe('signed-in');
    const r = await client.callTool({ name: 'whoami', arguments: {} });
    expect(JSON.stringify(r.content)).toContain('notes:read');
    await client.close();
  });

  it('a request refused while a sign-in that will fail is running takes up the tokens another process saved meanwhile', async () => {
    const window = signIn({ interactive: false });
    await (await connect(signIn(), { url: server.url })).close();
    const client = await connect(window, { url: server.url });
    server.revokeAll();
    // A's refresh is held at the server until B below was refused: no sleep decides the order.
    let release!: () => void;
    server.knobs.refreshHold = new Promise<void>((r) => (release = r));
    // A: refused; its refresh (of a revoked token) is held and will fail, with nobody to ask.
    const refreshes = (): number => server.log.tokenRequests.filter((f) => f.get('grant_type') === 'refresh_token').length;
    const before = refreshes();
    const a = client.callTool({ name: 'whoami', arguments: {} });
    await vi.waitFor(() => expect(refreshes()).toBeGreaterThan(before), { timeout: 20_000 });
    // Meanwhile `glassbox mcp login` in another process (no refresh: the browser).
    expect(await signIn().login('notes', { url: server.url })).toBe('signed-in');
    // B: refused too (it still sends the old token), while A's sign-in still runs.
    const seen = server.log.mcpAuthorizations.length;
    const b = client.callTool({ name: 'whoami', arguments: {} });
    await vi.waitFor(() => expect(server.log.mcpAuthorizations.length).toBeGreaterThan(seen), { timeout: 20_000 });
    release();
    // Both go through with the new tokens.
    for (const r of await Promise.all([a, b])) expect(JSON.stringify(r.content)).toContain('notes:read');
    await client.close();
  });

  it('an SSE server signs in the same way (the token on the event stream and on every POST)', async () => {
    const config: McpServerConfig = { type: 'sse', url: server.sseUrl };
    const auth = await signIn().factory('sse', config);
    const client = new Client({ name: 't', version: '1' });
    await client.connect(new SSEClientTransport(new URL(server.sseUrl), { fetch: auth!.fetch }));
    const r = await client.callTool({ name: 'whoami', arguments: {} });
    expect(JSON.stringify(r.content)).toContain('over SSE');
    expect(opened).toHaveLength(1);
    expect(server.log.authorizeRequests[0].get('resource')).toBe(server.sseUrl);
    await client.close();
    const offline = await signIn({ interactive: false }).factory('sse2', config);
    await expect(new Client({ name: 't', version: '1' }).connect(new SSEClientTransport(new URL(server.sseUrl), { fetch: offline!.fetch }))).rejects.toSatisfy(
      (e: unknown) => e instanceof UnauthorizedError || String((e as { cause?: unknown }).cause ?? e).includes('needs sign-in'),
    );
  });

  it('through McpManager: HTTP and SSE servers that need a sign-in show needs-sign-in with the hint; signed in, they connect', async () => {
    const manager = (s: McpSignIn) =>
      new McpManager({
        config: { mcpServers: { notes: { url: server.url }, legacy: { type: 'sse', url: server.sseUrl } } },
        userConfigPath: join(dir, 'config.json'),
        tools: new ToolCollection(),
        bus: new EventBus('t'),
        workspace: dir,
        env: { GLASSBOX_DISABLE_BROWSER: '1' },
        auth: s.factory,
      });
    const offline = manager(signIn({ interactive: false }));
    await offline.start();
    for (const id of ['notes', 'legacy']) {
      expect(offline.status(id)).toMatchObject({ status: 'needs-sign-in' });
      expect(offline.status(id)?.lastError).toContain(`MCP server '${id}' needs sign-in: run \`glassbox mcp login ${id}\``);
    }
    await offline.close();
    const online = manager(signIn());
    await online.start();
    expect(online.status('notes')?.status).toBe('connected');
    expect(online.status('legacy')?.status).toBe('connected');
    await online.close();
  });

  it('tokens saved for another URL are not sent to this one', async () => {
    await (await connect(signIn(), { url: server.url })).close();
    const other = await startOAuthProtectedServer();
    try {
      await expect(connect(signIn({ interactive: false }), { url: other.url })).rejects.toBeInstanceOf(SignInRequiredError);
      expect(other.log.mcpAuthorizations.filter(Boolean)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('sign-in failures give a clear message and send nothing they should not', () => {
  const failure = async () => {
    const s = signIn();
    return s.login('notes', { url: server.url }).then(
      () => {
        throw new Error('sign-in should have failed');
      },
      (e: Error) => e,
    );
  };

  it('an authorization server that refuses: access_denied, its HTML description not echoed', async () => {
    server.knobs.authorize = 'deny';
    const e = await failure();
    expect(e).toBeInstanceOf(SignInFailedError);
    expect(e.message).toBe("sign-in to MCP server 'notes' failed: the authorization server refused the sign-in (access_denied)");
    expect(server.log.tokenRequests).toEqual([]);
  });

  it('a redirect with a wrong state is ignored, not redeemed: the sign-in waits for the real one (here: until it times out)', async () => {
    server.knobs.authorize = 'wrong-state';
    // This browser hands the sign-in back only once the callback answered the forged redirect,
    // so the (short) wait for the real one starts after it was ignored, however slow the machine.
    const browse = followingBrowser(opened);
    const s = signIn({ callbackTimeoutMs: 300, openUrl: async (url) => { await browse(url); await pages.at(-1); } });
    const e = await s.login('notes', { url: server.url }).then(
      () => new Error('sign-in should have failed'),
      (err: Error) => err,
    );
    expect(await pages[0]).toContain('did not carry the state of the sign-in');
    expect(e.message).toContain('no redirect came back from the browser');
    expect(server.log.tokenRequests).toEqual([]);
  });

  it('a redirect naming the wrong issuer (iss) is refused before the code is sent anywhere', async () => {
    server.knobs.authorize = 'wrong-iss';
    const e = await failure();
    expect(e.message).toContain("the redirect named issuer 'http://evil.example'");
    expect(server.log.tokenRequests).toEqual([]);
    // The browser's page says the same, not "signed in".
    const page = await pages.at(-1)!;
    expect(page).toContain("the redirect named issuer 'http://evil.example'");
    expect(page).not.toContain('signed in to');
  });

  it('missing protected-resource metadata', async () => {
    server.knobs.prm = 'missing';
    const e = await failure();
    expect(e).toBeInstanceOf(SignInFailedError);
    expect(e.message).toMatch(/^sign-in to MCP server 'notes' failed: .*(resource metadata|404)/i);
    expect(opened).toEqual([]);
  });

  it('protected-resource metadata naming another resource', async () => {
    server.knobs.prm = 'wrong-resource';
    const e = await failure();
    expect(e.message).toContain('other.example');
    expect(opened).toEqual([]);
  });

  it('a stdio server or one with its own Authorization header is not signed into', async () => {
    const s = signIn();
    await expect(s.login('x', { command: 'node' })).rejects.toThrow("MCP server 'x' is not an HTTP server");
    await expect(s.login('x', { url: server.url, headers: { authorization: 'Bearer abc' } })).rejects.toThrow('has an Authorization header');
    expect(await s.factory('x', { url: server.url, headers: { Authorization: 'Bearer abc' } })).toBeUndefined();
  });

  it('logout revokes both tokens at the authorization server, then forgets them: the next connect needs a sign-in again', async () => {
    const s = signIn();
    expect(await s.login('notes', { url: server.url })).toBe('signed-in');
    expect(s.status('notes', { url: server.url })).toMatchObject({ signedIn: true, account: 'ada@example.com', issuer: server.issuer });
    const saved = JSON.parse(readFileSync(join(dir, 'state', 'oauth', 'notes.json'), 'utf8'));
    expect(server.liveAccessTokens()).toContain(saved.tokens.access_token);
    expect(await s.logout('notes', { url: server.url })).toEqual({ forgotten: true, revocation: { outcome: 'revoked' } });
    expect(server.log.revocations.map((r) => [r.form.get('token_type_hint'), r.form.get('token'), r.clientId])).toEqual([
      ['refresh_token', saved.tokens.refresh_token, saved.clients[server.issuer].client_id],
      ['access_token', saved.tokens.access_token, saved.clients[server.issuer].client_id],
    ]);
    // Dead at the server too, not only forgotten here.
    expect(server.liveAccessTokens()).not.toContain(saved.tokens.access_token);
    expect(server.liveRefreshTokens()).not.toContain(saved.tokens.refresh_token);
    expect(s.status('notes', { url: server.url })).toEqual({ signedIn: false });
    expect(await s.logout('notes', { url: server.url })).toEqual({ forgotten: false, revocation: { outcome: 'nothing' } });
    await expect(connect(signIn({ interactive: false }), { url: server.url })).rejects.toBeInstanceOf(SignInRequiredError);
  });

  it('a pre-registered client revokes with its configured secret (HTTP Basic)', async () => {
    server.addClient({ client_id: 'glassbox-pre', client_secret: 's3cret-pre-registered', redirect_uris: ['http://127.0.0.1:1/callback'], token_endpoint_auth_method: 'client_secret_basic' });
    const config: McpServerConfig = { url: server.url, oauth: { clientId: 'glassbox-pre', clientSecret: '${env:NOTES_SECRET}' } };
    const s = signIn({ env: { NOTES_SECRET: 's3cret-pre-registered' } });
    expect(await s.login('notes', config)).toBe('signed-in');
    expect(await s.logout('notes', config)).toEqual({ forgotten: true, revocation: { outcome: 'revoked' } });
    expect(server.log.revocations.map((r) => r.clientId)).toEqual(['glassbox-pre', 'glassbox-pre']);
    expect(server.log.revocations.every((r) => r.form.get('client_secret') === null)).toBe(true);
    expect(server.liveAccessTokens()).toEqual([]);
  });

  it('a server that offers no revocation, or fails it, still signs out here and says the tokens stay valid', async () => {
    server.knobs.revoke = 'not-offered';
    const s = signIn();
    await s.login('notes', { url: server.url });
    expect(await s.logout('notes', { url: server.url })).toEqual({ forgotten: true, revocation: { outcome: 'not-offered' } });
    expect(server.log.revocations).toEqual([]);
    expect(server.liveAccessTokens()).toHaveLength(1);

    server.knobs.revoke = 'unavailable';
    const again = signIn();
    await again.login('notes', { url: server.url });
    const token = JSON.parse(readFileSync(join(dir, 'state', 'oauth', 'notes.json'), 'utf8')).tokens.access_token as string;
    const out = await again.logout('notes', { url: server.url });
    expect(out).toEqual({ forgotten: true, revocation: { outcome: 'failed', reason: expect.stringContaining('HTTP 503') } });
    expect(JSON.stringify(out)).not.toContain(token);
    expect(again.status('notes', { url: server.url })).toEqual({ signedIn: false });
  });

  it('an authorization server that never answers the revocation does not hold the sign-out', async () => {
    const s = signIn();
    await s.login('notes', { url: server.url });
    const saved = new FileOAuthStore(join(dir, 'state', 'oauth')).load('notes');
    const hanging: typeof fetch = (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    // Without the time limit this would hang until the test's own timeout.
    const r = await revokeTokens(saved, revokingClientOf(saved!), hanging, 300);
    expect(r).toEqual({ outcome: 'failed', reason: expect.stringContaining('no answer in') });
  });
});
