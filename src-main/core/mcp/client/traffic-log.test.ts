import { describe, expect, it } from 'vitest';
import { SecretRedactor } from '../../secrets/redactor';
import { redactWireText, redactWireValue } from '../../secrets/wire-redaction';
import { McpTrafficLog } from './traffic-log';

describe('the traffic log\'s redaction (core/secrets wire-redaction)', () => {
  it('masks configured values wherever they appear, bearer tokens, and OAuth fields by name', () => {
    const m = new SecretRedactor(['sekrit-4711', 'abc']);
    expect(redactWireText(m, 'key=sekrit-4711&x=sekrit-4711')).toBe('key=[REDACTED]&x=[REDACTED]');
    expect(redactWireText(m, 'abc stays: too short to be a secret')).toBe('abc stays: too short to be a secret');
    expect(redactWireText(m, 'Authorization: Bearer eyJhbGciOi.x-y_z')).toBe('Authorization: Bearer [REDACTED]');
    expect(redactWireValue(m, { params: { access_token: 't', refresh_token: 'r', nested: ['sekrit-4711'], n: 1 } })).toEqual({ params: { access_token: '[REDACTED]', refresh_token: '[REDACTED]', nested: ['[REDACTED]'], n: 1 } });
  });
});

describe('McpTrafficLog', () => {
  it('numbers entries, stamps the era, masks messages when read, and keeps the newest when full', () => {
    const log = new McpTrafficLog(3);
    log.redactor = new SecretRedactor(['hunter2-secret']);
    log.protocolVersion = '2025-11-25';
    const seen: unknown[] = [];
    log.onEntry((e) => seen.push(e));
    for (let i = 0; i < 4; i++) log.record({ kind: 'message', direction: 'out', message: { id: i, method: 'tools/call', params: { arguments: { pw: 'hunter2-secret' } } }, method: 'tools/call', id: i });
    const entries = log.entries();
    expect(entries.map((e) => e.seq)).toEqual([2, 3, 4]);
    expect(entries.every((e) => e.protocolVersion === '2025-11-25')).toBe(true);
    expect(JSON.stringify(entries)).not.toContain('hunter2-secret');
    expect(JSON.stringify(seen)).not.toContain('hunter2-secret');
    expect(log.entries(3).map((e) => e.seq)).toEqual([4]);
  });

  it('records HTTP exchanges with status and Mcp-* headers, secrets masked, and failures', async () => {
    const log = new McpTrafficLog();
    log.redactor = new SecretRedactor(['tok-123456']);
    log.customHeaders = new Set(['x-api-key']);
    const fetch = log.observingFetch(async () => new Response('{}', { status: 202, headers: { 'mcp-session-id': 's1', 'x-other': 'no' } }));
    await fetch('http://127.0.0.1:1/mcp?token=tok-123456', { method: 'POST', headers: { 'Mcp-Method': 'tools/call', 'X-Api-Key': 'tok-123456', Cookie: 'c=1' } });
    const failing = log.observingFetch(async () => {
      throw new Error('connect ECONNREFUSED');
    });
    await expect(failing('http://127.0.0.1:1/mcp')).rejects.toThrow();
    const [ok, bad] = log.entries();
    expect(ok).toMatchObject({ kind: 'http', method: 'POST', status: 202, url: 'http://127.0.0.1:1/mcp?token=[REDACTED]', requestHeaders: { 'mcp-method': 'tools/call', 'x-api-key': '[REDACTED]' }, responseHeaders: { 'mcp-session-id': 's1' } });
    expect((ok as { requestHeaders: Record<string, string> }).requestHeaders.cookie).toBeUndefined();
    expect(bad).toMatchObject({ kind: 'http', error: 'connect ECONNREFUSED' });
  });

  it('keeps large base64 data as its size only, and never touches the message the SDK gets', () => {
    const log = new McpTrafficLog();
    let delivered: unknown;
    const transport = { send: async () => {}, start: async () => {}, close: async () => {}, onmessage: undefined as unknown } as unknown as import('@modelcontextprotocol/client').Transport;
    log.attach(transport, () => undefined);
    transport.onmessage = (m) => {
      delivered = m;
    };
    const big = 'A'.repeat(40_000);
    const message = { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'shot' }, { type: 'image', data: big, mimeType: 'image/png' }] } };
    transport.onmessage!(message as never);
    expect(delivered).toBe(message);
    expect(message.result.content[1].data).toBe(big);
    const kept = log.entries()[0] as { message: { result: { content: Array<{ data?: string; text?: string }> } } };
    expect(kept.message.result.content[0].text).toBe('shot');
    expect(kept.message.result.content[1].data).toBe('[30000 bytes of base64 data, not kept in the traffic log]');
  });
});
