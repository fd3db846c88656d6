import { describe, expect, it } from 'vitest';
import { parseSandboxConfig } from './config';

describe('parseSandboxConfig', () => {
  it.each([
    [undefined, { mode: 'workspace-write', network: false, writableRoots: [] }],
    [{}, { mode: 'workspace-write', network: false, writableRoots: [] }],
    [{ mode: 'read-only' }, { mode: 'read-only', network: false, writableRoots: [] }],
    [{ mode: 'off', network: true, writableRoots: ['/data'] }, { mode: 'off', network: true, writableRoots: ['/data'] }],
  ])('accepts %j', (raw, config) => {
    expect(parseSandboxConfig(raw)).toEqual({ ok: true, config });
  });

  it.each([
    ['workspace-write', /sandbox: must be an object/],
    [{ mode: 'workspace_write' }, /sandbox\.mode: "workspace_write" is not one of "workspace-write", "read-only", "off"/],
    [{ network: 'no' }, /sandbox\.network: must be true or false/],
    [{ writableRoots: '/data' }, /sandbox\.writableRoots: must be a list/],
    [{ writableRoots: ['data'] }, /sandbox\.writableRoots\[0\]: "data" is not an absolute path/],
    [{ netwrok: true }, /sandbox\.netwrok: unknown key/],
  ])('rejects %j with a reason naming the key', (raw, reason) => {
    const r = parseSandboxConfig(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});
