import { describe, expect, it } from 'vitest';
import type { McpServerConfig } from '../../config/config';
import { resolveTransportKind } from './transport-kind';

describe('resolveTransportKind', () => {
  it.each<[McpServerConfig, string]>([
    [{ command: 'npx' }, 'stdio'],
    [{ type: 'stdio', command: 'npx' }, 'stdio'],
    [{ url: 'http://127.0.0.1/mcp' }, 'auto'],
    [{ type: 'sse', url: 'http://x/sse' }, 'sse'],
    [{ type: 'http', url: 'http://x/mcp' }, 'http'],
    [{ type: 'streamable-http', url: 'http://x/mcp' }, 'http'],
    [{ type: 'streamableHttp', url: 'http://x/mcp' }, 'http'],
    [{ type: 'streamable_http', url: 'http://x/mcp' }, 'http'],
  ])('%j → %s', (cfg, kind) => {
    expect(resolveTransportKind(cfg)).toEqual({ ok: true, kind });
  });

  it.each<[McpServerConfig, RegExp]>([
    [{}, /command.*url/],
    [{ type: 'stdio' }, /command/],
    [{ type: 'sse' }, /url/],
    [{ type: 'http' }, /url/],
    [{ type: 'websocket' as McpServerConfig['type'], url: 'ws://x' }, /unknown type 'websocket'/],
  ])('%j is refused', (cfg, reason) => {
    const r = resolveTransportKind(cfg);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});
