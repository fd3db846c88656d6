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
    [{ writableRoots: ['data'] }, /^sandbox\.writableRoots\[0\]: must be an absolute path$/],
    [{ netwrok: true }, /^sandbox: unknown key "netwrok" \(known: mode, network, writableRoots\)$/],
    // Malformed input of every kind: the path and what was expected, never the value.
    [['workspace-write'], /^sandbox: must be an object, not a list$/],
    [{ mode: 7 }, /^sandbox\.mode: a number is not one of "workspace-write", "read-only", "off"$/],
    [{ mode: 'x'.repeat(41) }, /^sandbox\.mode: a string is not one of/],
    [{ network: 'sk-live-secret-value' }, /^sandbox\.network: must be true or false, not a string$/],
    [{ writableRoots: [3, '/ok', 'sk-live-secret/rel'] }, /^sandbox\.writableRoots\[0\]: must be a string, not a number; sandbox\.writableRoots\[2\]: must be an absolute path$/],
    [{ writableRoots: null }, /^sandbox\.writableRoots: must be a list, not null$/],
  ])('rejects %j with a reason naming the key', (raw, reason) => {
    const r = parseSandboxConfig(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toMatch(reason);
      expect(r.reason).not.toContain('sk-live');
    }
  });
});
