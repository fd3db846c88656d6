import { describe, expect, it } from 'vitest';
import type { MaskedServerConfig } from '../../../../src-shared/contract/workbench-views';
import { emptyServerForm, formFromServer, inputFromForm, statusTone } from './server-form';

const masked: MaskedServerConfig = {
  command: 'npx',
  args: ['-y', '@modelcontextprotocol/server-everything'],
  env: [
    { key: 'API_KEY', value: null, masked: true },
    { key: 'REF', value: '${env:X}', masked: false },
  ],
  headers: [],
  disabled: false,
  includeInstructions: true,
  disabledTools: [],
};

describe('server form', () => {
  it('round-trips an edited stdio server, sending masked secrets back as null (kept by the host)', () => {
    const form = formFromServer('everything', masked);
    expect(form.env).toEqual([
      { key: 'API_KEY', value: '', kept: true },
      { key: 'REF', value: '${env:X}', kept: false },
    ]);
    expect(form.args).toBe('-y\n@modelcontextprotocol/server-everything');
    const r = inputFromForm(form);
    expect(r).toMatchObject({
      ok: true,
      id: 'everything',
      input: {
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-everything'],
        env: [
          { key: 'API_KEY', value: null },
          { key: 'REF', value: '${env:X}' },
        ],
      },
    });
  });

  it('sends a newly typed secret as its value', () => {
    const form = formFromServer('everything', masked);
    form.env[0]!.value = 'sk-new';
    const r = inputFromForm(form);
    expect(r.ok && r.input.env?.[0]).toEqual({ key: 'API_KEY', value: 'sk-new' });
  });

  it.each([
    [{ id: 'bad id' }, 'Server id'],
    [{ id: 'a', command: '' }, 'needs a command'],
    [{ id: 'a', transport: 'http' as const, url: 'ftp://x' }, 'http(s) URL'],
    [{ id: 'a', command: 'x', timeoutMs: '-5' }, 'Timeout'],
    [{ id: 'a', command: 'x', env: [{ key: '', value: 'v', kept: false }] }, 'has no name'],
    [{ id: 'a', command: 'x', env: [{ key: 'K', value: '1', kept: false }, { key: 'K', value: '2', kept: false }] }, 'appears twice'],
  ])('refuses %o', (patch, reason) => {
    const r = inputFromForm({ ...emptyServerForm(), ...patch });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toContain(reason);
  });

  it('builds an http server with headers', () => {
    const r = inputFromForm({ ...emptyServerForm(), id: 'remote', transport: 'http', url: 'http://127.0.0.1:3001/mcp', headers: [{ key: 'Authorization', value: 'Bearer x', kept: false }] });
    expect(r).toMatchObject({ ok: true, input: { type: 'http', url: 'http://127.0.0.1:3001/mcp', headers: [{ key: 'Authorization', value: 'Bearer x' }] } });
  });

  it('maps statuses to dot colours', () => {
    expect(['connected', 'connecting', 'error', 'disconnected', 'disabled'].map((s) => statusTone(s as never))).toEqual(['ok', 'busy', 'bad', 'off', 'off']);
  });
});
