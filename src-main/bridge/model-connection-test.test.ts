import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { SettingsView } from '../../src-shared/contract/views';
import { testModelConnection } from './model-connection-test';

const SETTINGS: SettingsView = { provider: 'openai', model: '', baseURL: '', apiKeySet: false, approvalMode: 'ask', approvalRules: [], thinking: '', api: 'auto' };
const closers: Array<() => void> = [];
afterEach(() => closers.splice(0).forEach((c) => c()));

/** A real server answering GET /v1/models with `status` and `body`; records the headers it got. */
async function server(status: number, body: unknown): Promise<{ base: string; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const s = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(req.url === '/v1/models' ? status : 404, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  closers.push(() => s.close());
  return { base: `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`, seen };
}

describe('Test connection', () => {
  it('lists the models with the typed key (OpenAI) or the stored one (Anthropic headers)', async () => {
    const a = await server(200, { data: [{ id: 'b-model' }, { id: 'a-model' }] });
    expect(await testModelConnection({ baseURL: `${a.base}/`, apiKey: 'sk-typed' }, { settings: SETTINGS, storedKey: () => 'sk-stored', env: {} })).toEqual({ ok: true, endpoint: a.base, models: ['a-model', 'b-model'] });
    expect(a.seen[0]!.authorization).toBe('Bearer sk-typed');
    const r = await testModelConnection({ provider: 'anthropic', baseURL: a.base }, { settings: SETTINGS, storedKey: () => 'sk-stored', env: {} });
    expect(r.ok).toBe(true);
    expect(a.seen[1]!['x-api-key']).toBe('sk-stored');
    expect(a.seen[1]!['anthropic-version']).toBeTruthy();
    expect(a.seen[1]!.authorization).toBeUndefined();
  });

  it("says the status and the server's text, and never the key even when the server echoes it", async () => {
    const a = await server(401, { error: { message: 'Incorrect API key provided: sk-echoed-secret-123' } });
    const r = await testModelConnection({ baseURL: a.base, apiKey: 'sk-echoed-secret-123' }, { settings: SETTINGS, storedKey: () => null, env: {} });
    expect(r).toEqual({ ok: false, endpoint: a.base, error: `HTTP 401 from ${a.base}/models: Incorrect API key provided: [REDACTED]` });
  });

  it('refuses what is not an http(s) URL, and reports an answer that is not a model list', async () => {
    const deps = { settings: SETTINGS, storedKey: () => null, env: {} };
    expect(await testModelConnection({ baseURL: 'file:///etc' }, deps)).toEqual({ ok: false, error: 'The base URL must start with http:// or https://.' });
    expect(await testModelConnection({ baseURL: 'not a url' }, deps)).toMatchObject({ ok: false, error: expect.stringContaining('not a URL') });
    const a = await server(200, '<html>hi</html>');
    expect(await testModelConnection({ baseURL: a.base }, deps)).toMatchObject({ ok: false, error: expect.stringContaining('not with a list of models') });
    expect(await testModelConnection({ baseURL: 'http://127.0.0.1:9/v1' }, deps)).toMatchObject({ ok: false, error: expect.stringContaining('Could not reach http://127.0.0.1:9/v1/models') });
  });
});
