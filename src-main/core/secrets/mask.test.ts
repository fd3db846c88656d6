import { describe, expect, it } from 'vitest';
import { maskServerConfig, maskUrlCredentials, unmaskServerConfig } from './mask';

describe('maskServerConfig', () => {
  it('withholds literal env and header values and keeps references', () => {
    const masked = maskServerConfig({
      command: 'npx',
      args: ['-y', 'x'],
      env: { API_KEY: 'sk-secret-value', HOME_REF: '${env:HOME}' },
      headers: { Authorization: 'Bearer abc123', 'X-Ref': 'Bearer ${env:TOKEN}' },
      includeInstructions: false,
    });
    expect(masked.env).toEqual([
      { key: 'API_KEY', value: null, masked: true },
      { key: 'HOME_REF', value: '${env:HOME}', masked: false },
    ]);
    expect(masked.headers).toEqual([
      { key: 'Authorization', value: null, masked: true },
      { key: 'X-Ref', value: 'Bearer ${env:TOKEN}', masked: false },
    ]);
    expect(masked.includeInstructions).toBe(false);
    expect(masked.disabled).toBe(false);
    expect(JSON.stringify(masked)).not.toContain('sk-secret-value');
    expect(JSON.stringify(masked)).not.toContain('abc123');
  });

  it('hides a password inside the URL', () => {
    expect(maskUrlCredentials('https://bob:hunter2@example.com/mcp')).toBe('https://bob:[REDACTED]@example.com/mcp');
    expect(maskUrlCredentials('http://127.0.0.1:3001/mcp')).toBe('http://127.0.0.1:3001/mcp');
    expect(JSON.stringify(maskServerConfig({ url: 'https://bob:hunter2@example.com/mcp' }))).not.toContain('hunter2');
  });
});

describe('unmaskServerConfig', () => {
  const stored = {
    command: 'npx',
    args: ['srv'],
    env: { API_KEY: 'sk-secret-value', MODE: 'fast' },
    headers: { Authorization: 'Bearer abc123' },
    disabledTools: ['x'],
  };

  it('keeps a stored secret when the page sends it back masked (null)', () => {
    const r = unmaskServerConfig({ env: [{ key: 'API_KEY', value: null }, { key: 'MODE', value: 'slow' }] }, stored);
    expect(r).toEqual({
      ok: true,
      config: { ...stored, env: { API_KEY: 'sk-secret-value', MODE: 'slow' } },
    });
  });

  it('replaces a secret the user typed anew and drops removed keys', () => {
    const r = unmaskServerConfig({ env: [{ key: 'API_KEY', value: 'new-one' }], headers: [] }, stored);
    expect(r.ok && r.config.env).toEqual({ API_KEY: 'new-one' });
    expect(r.ok && r.config.headers).toBeUndefined();
    expect(r.ok && r.config.disabledTools).toEqual(['x']);
  });

  it('refuses a masked value for a key that has nothing stored', () => {
    expect(unmaskServerConfig({ env: [{ key: 'NEW', value: null }] }, stored)).toEqual({
      ok: false,
      reason: "env 'NEW' has no stored value; enter one",
    });
  });

  it('requires a command or a url', () => {
    expect(unmaskServerConfig({ command: '' }, undefined)).toEqual({
      ok: false,
      reason: 'a server needs a command (stdio) or a URL (http/sse)',
    });
  });

  it('builds a new http server config', () => {
    const r = unmaskServerConfig({ type: 'http', url: 'http://127.0.0.1:9/mcp', headers: [{ key: 'A', value: 'b' }] }, undefined);
    expect(r).toEqual({ ok: true, config: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { A: 'b' } } });
  });

  it('keeps the stored URL password when the masked URL comes back unchanged', () => {
    const s = { url: 'https://bob:hunter2@example.com/mcp' };
    const r = unmaskServerConfig({ url: 'https://bob:[REDACTED]@example.com/mcp' }, s);
    expect(r.ok && r.config.url).toBe('https://bob:hunter2@example.com/mcp');
  });
});
