import { describe, expect, it } from 'vitest';
import type { McpServerStatus } from '../../core/mcp/client/server-status';
import { pageRedactor, toMcpSnapshot } from './mcp-page-service';

const server = (over: Partial<McpServerStatus>): McpServerStatus => ({
  id: 'remote',
  transport: 'http',
  status: 'error',
  disabled: false,
  builtIn: false,
  startOn: 'session',
  toolCount: 0,
  includeInstructions: true,
  stderrTail: [],
  tools: [],
  config: { type: 'http', url: 'http://127.0.0.1:9/mcp' },
  ...over,
});

describe('toMcpSnapshot', () => {
  it('never carries a secret: config values masked, and secrets scrubbed from errors and stderr', () => {
    const env = { TOKEN: 'tok-from-env-123' };
    const snap = toMcpSnapshot(
      [
        server({
          config: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer ${env:TOKEN}', 'X-Key': 'literal-key-456' } },
          lastError: 'HTTP 401 for Bearer tok-from-env-123',
          whyFailed: 'server said: bad key literal-key-456',
          stderrTail: ['using tok-from-env-123'],
        }),
      ],
      ['Instructions from MCP server \'remote\':\nuse literal-key-456 wisely'],
      env,
    );
    const text = JSON.stringify(snap);
    expect(text).not.toContain('tok-from-env-123');
    expect(text).not.toContain('literal-key-456');
    const v = snap.servers[0]!;
    expect(v.config.headers).toEqual([
      { key: 'Authorization', value: 'Bearer ${env:TOKEN}', masked: false },
      { key: 'X-Key', value: null, masked: true },
    ]);
    expect(v.lastError).toBe('HTTP 401 for [REDACTED]');
    expect(v.stderrTail).toEqual(['using [REDACTED]']);
  });

  it('keeps tools, instructions and the include flag as they are', () => {
    const snap = toMcpSnapshot(
      [
        server({
          status: 'connected',
          toolCount: 1,
          instructions: 'Be nice.',
          includeInstructions: false,
          tools: [{ name: 'mcp_remote_echo', originalName: 'echo', description: 'Echo', inputSchema: { type: 'object' }, enabled: true, registered: true }],
        }),
      ],
      [],
      {},
    );
    expect(snap.servers[0]).toMatchObject({ status: 'connected', instructions: 'Be nice.', includeInstructions: false, tools: [{ originalName: 'echo', enabled: true }] });
    expect(snap.instructionsForModel).toEqual([]);
  });
});

describe('pageRedactor', () => {
  it('hides literal values and what references expand to, skipping missing variables', () => {
    const r = pageRedactor({ a: { command: 'x', env: { A: 'literal-1', B: '${env:SET}', C: '${env:UNSET}' } } }, { SET: 'expanded-2' });
    expect(r.redact('literal-1 expanded-2 ${env:UNSET}')).toBe('[REDACTED] [REDACTED] ${env:UNSET}');
  });

  it('hides a token the server config passes in its URL query or arguments (before, only the traffic log did)', () => {
    const env = { Q_KEY: 'query-key-789', ARG_TOKEN: 'arg-token-456', HOME: '/home/someone' };
    const r = pageRedactor({ a: { url: 'https://mcp.example.com/mcp?key=${env:Q_KEY}' }, b: { command: 'srv', args: ['--token', '${ARG_TOKEN}', '${env:HOME}/projects'] } }, env);
    expect(r.redact('stderr: bad key query-key-789, token arg-token-456 in /home/someone/projects')).toBe('stderr: bad key [REDACTED], token [REDACTED] in /home/someone/projects');
  });
});
