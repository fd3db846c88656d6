import { describe, expect, it } from 'vitest';
import type { SavedServerAuth } from './store';
import { revokeTokens, revokingClientOf, signOutLine } from './revoke-tokens';

const saved = (endpoint: string | undefined, method = 'client_secret_post'): SavedServerAuth => ({
  serverUrl: 'https://mcp.example/mcp',
  tokens: { access_token: 'AT-1', refresh_token: 'RT-1', token_type: 'Bearer', issuer: 'https://as.example' },
  clients: { 'https://as.example': { client_id: 'dyn-1', client_secret: 'CS-1', token_endpoint_auth_method: method, redirect_uris: ['http://127.0.0.1:1/callback'], issuer: 'https://as.example' } },
  discovery: {
    authorizationServerUrl: 'https://as.example',
    authorizationServerMetadata: {
      issuer: 'https://as.example',
      authorization_endpoint: 'https://as.example/authorize',
      token_endpoint: 'https://as.example/token',
      response_types_supported: ['code'],
      ...(endpoint ? { revocation_endpoint: endpoint } : {}),
    },
  },
});

function recording() {
  const calls: { url: string; headers: Record<string, string>; body: string }[] = [];
  const fetchFn = async (url: string | URL, init?: RequestInit) => {
    calls.push({ url: String(url), headers: init?.headers as Record<string, string>, body: String(init?.body) });
    return new Response(null, { status: 200 });
  };
  return { calls, fetchFn };
}

describe('revoking a sign-in (RFC 7009)', () => {
  it('posts the refresh token, then the access token, with the client in the form for client_secret_post', async () => {
    const s = saved('https://as.example/revoke');
    const { calls, fetchFn } = recording();
    expect(await revokeTokens(s, revokingClientOf(s), fetchFn)).toEqual({ outcome: 'revoked' });
    expect(calls.map((c) => Object.fromEntries(new URLSearchParams(c.body)))).toEqual([
      { token: 'RT-1', token_type_hint: 'refresh_token', client_id: 'dyn-1', client_secret: 'CS-1' },
      { token: 'AT-1', token_type_hint: 'access_token', client_id: 'dyn-1', client_secret: 'CS-1' },
    ]);
    expect(calls.every((c) => c.url === 'https://as.example/revoke' && !c.headers.Authorization)).toBe(true);
  });

  it('uses HTTP Basic for a client_secret_basic client and the configured client over the registered one', async () => {
    const s = saved('https://as.example/revoke', 'client_secret_basic');
    const { calls, fetchFn } = recording();
    await revokeTokens(s, revokingClientOf(s), fetchFn);
    expect(calls[0]!.headers.Authorization).toBe(`Basic ${Buffer.from('dyn-1:CS-1').toString('base64')}`);
    expect(new URLSearchParams(calls[0]!.body).get('client_secret')).toBeNull();
    expect(revokingClientOf(s, { clientId: 'pre', clientSecret: 'x' })).toEqual({ clientId: 'pre', clientSecret: 'x' });
  });

  it('never sends a token over plain http to a remote host, nor to a non-http URL', async () => {
    for (const endpoint of ['http://as.example/revoke', 'file:///tmp/revoke', 'https://user:pw@as.example/revoke']) {
      const s = saved(endpoint);
      const { calls, fetchFn } = recording();
      const r = await revokeTokens(s, revokingClientOf(s), fetchFn);
      expect(r).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('revocation endpoint is refused') });
      expect(calls).toEqual([]);
    }
    const local = saved('http://127.0.0.1:9/revoke');
    const { calls, fetchFn } = recording();
    expect(await revokeTokens(local, revokingClientOf(local), fetchFn)).toEqual({ outcome: 'revoked' });
    expect(calls).toHaveLength(2);
  });

  it('says what it could not do, without a token in the reason', async () => {
    const s = saved('https://as.example/revoke');
    expect(await revokeTokens({ serverUrl: s.serverUrl }, undefined, recording().fetchFn)).toEqual({ outcome: 'nothing' });
    expect(await revokeTokens(saved(undefined), revokingClientOf(s), recording().fetchFn)).toEqual({ outcome: 'not-offered' });
    const refusing = async () => new Response('{"error":"invalid_client"}', { status: 401 });
    const r = await revokeTokens(s, revokingClientOf(s), refusing);
    expect(r).toEqual({ outcome: 'failed', reason: 'https://as.example answered HTTP 401 to the refresh token' });
    const down = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    expect(await revokeTokens(s, revokingClientOf(s), down)).toEqual({ outcome: 'failed', reason: 'https://as.example: connect ECONNREFUSED' });
    expect(signOutLine('notes', true, r)).toBe(
      "Signed out of MCP server 'notes': its tokens are forgotten and revoking them failed (https://as.example answered HTTP 401 to the refresh token); they stay valid until they expire.",
    );
    expect(signOutLine('notes', false, { outcome: 'nothing' })).toBe("MCP server 'notes' had no sign-in to forget.");
  });
});
