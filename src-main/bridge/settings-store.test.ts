import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigFileKeyStore, SettingsStore } from './settings-store';
import { validateCall } from './validate-call';

/** A patch as the bridge's edge checks it (SettingsPatchSchema), for settings.set and settings.testConnection alike. */
function checkSettingsPatch(patch: unknown): { ok: boolean } {
  const set = validateCall({ kind: 'call', id: 1, method: 'settings.set', args: [patch] });
  const test = validateCall({ kind: 'call', id: 2, method: 'settings.testConnection', args: [patch] });
  expect(test.ok).toBe(set.ok);
  return set;
}

describe('a settings patch at the edge', () => {
  const table: Array<[string, Record<string, unknown>, boolean]> = [
    ['empty', {}, true],
    ['all fields', { provider: 'anthropic', model: 'claude', baseURL: 'https://api.anthropic.com', apiKey: 'k', approvalMode: 'auto', approvalRules: [{ tool: 'bash', match: 'git *', decision: 'allow' }] }, true],
    ['clear base URL', { baseURL: '' }, true],
    ['unknown provider', { provider: 'gemini' }, false],
    ['unknown key', { shell: '/bin/sh' }, false],
    ['file base URL', { baseURL: 'file:///etc/passwd' }, false],
    ['not a URL', { baseURL: 'localhost:1234' }, false],
    ['bad mode', { approvalMode: 'yolo' }, false],
    ['rule without tool', { approvalRules: [{ decision: 'allow' }] }, false],
    ['rule with bad decision', { approvalRules: [{ tool: 'bash', decision: 'maybe' }] }, false],
    ['rules not a list', { approvalRules: {} }, false],
    ['reasoning effort and API', { thinking: 'high', api: 'responses' }, true],
    ['reasoning budget', { thinking: '8000' }, true],
    ['reasoning back to default', { thinking: '' }, true],
    ['bad reasoning', { thinking: 'lots' }, false],
    ['bad API', { api: 'completions' }, false],
  ];
  for (const [name, patch, ok] of table) it(name, () => expect(checkSettingsPatch(patch).ok).toBe(ok));
});

describe('SettingsStore', () => {
  function setup(config?: unknown) {
    const dir = mkdtempSync(join(tmpdir(), 'gb-settings-'));
    const path = join(dir, 'config.json');
    if (config !== undefined) writeFileSync(path, typeof config === 'string' ? config : JSON.stringify(config));
    return { path, store: new SettingsStore(path, new ConfigFileKeyStore(path), {}) };
  }

  it('writes model settings and rules into config.json, keeping other sections', () => {
    const { path, store } = setup({ mcpServers: { files: { command: 'npx' } }, llm: { temperature: 0.2 } });
    const view = store.set({ provider: 'openai', model: 'gpt-4o-mini', baseURL: 'http://127.0.0.1:11434/v1', approvalMode: 'ask', approvalRules: [{ tool: 'bash', match: 'git status*', decision: 'allow' }] });
    expect(view).toEqual({ provider: 'openai', model: 'gpt-4o-mini', baseURL: 'http://127.0.0.1:11434/v1', apiKeySet: false, approvalMode: 'ask', approvalRules: [{ tool: 'bash', match: 'git status*', decision: 'allow' }], thinking: '', api: 'auto', telemetry: { endpoint: '', protocol: 'http/protobuf', headerNames: [], captureContent: false, traceUrl: '', envOverrides: false }, limits: { sessionUsd: null, dailyUsd: null, warnAt: 0.8 } });
    const file = JSON.parse(readFileSync(path, 'utf8'));
    expect(file.mcpServers).toEqual({ files: { command: 'npx' } });
    expect(file.llm).toEqual({ temperature: 0.2, provider: 'openai', model: 'gpt-4o-mini', baseURL: 'http://127.0.0.1:11434/v1' });
  });

  it('the API key is write-only: the view says only whether one is set', () => {
    const { path, store } = setup();
    const view = store.set({ apiKey: 'sk-secret-123' });
    expect(view.apiKeySet).toBe(true);
    expect(JSON.stringify(view)).not.toContain('sk-secret-123');
    expect(JSON.stringify(store.get())).not.toContain('sk-secret-123');
    // Not in config.json: in a 0600 file of its own.
    expect(existsSync(path) ? readFileSync(path, 'utf8') : '').not.toContain('sk-secret-123');
    const keyFile = join(dirname(path), 'state', 'api-key');
    expect(readFileSync(keyFile, 'utf8')).toBe('sk-secret-123');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(store.set({ apiKey: '' }).apiKeySet).toBe(false);
  });

  it('refuses a bad patch and never overwrites a malformed config', () => {
    const { path, store } = setup('{ "llm": ');
    // A bad patch never reaches the store: the bridge's edge refuses it.
    expect(checkSettingsPatch({ provider: 'nope' }).ok).toBe(false);
    expect(() => store.set({ model: 'x' })).toThrow(/Malformed JSON/);
    expect(readFileSync(path, 'utf8')).toBe('{ "llm": ');
  });

  it('keeps reasoning per model: a value for every model becomes the "*" entry, others keep theirs', () => {
    const { path, store } = setup({ llm: { model: 'gpt-5', thinking: 'low' } });
    expect(store.get().thinking).toBe('low');
    const view = store.set({ model: 'claude-opus-4-1', thinking: '16000' });
    expect(view.thinking).toBe('16000');
    expect(JSON.parse(readFileSync(path, 'utf8')).llm.thinking).toEqual({ '*': 'low', 'claude-opus-4-1': 16000 });
    store.set({ model: 'gpt-5', thinking: 'high', api: 'responses' });
    expect(JSON.parse(readFileSync(path, 'utf8')).llm).toMatchObject({ thinking: { '*': 'low', 'claude-opus-4-1': 16000, 'gpt-5': 'high' }, api: 'responses' });
    store.set({ thinking: '', api: 'auto' });
    const llm = JSON.parse(readFileSync(path, 'utf8')).llm;
    expect(llm.thinking).toEqual({ '*': 'low', 'claude-opus-4-1': 16000 });
    expect(llm).not.toHaveProperty('api');
    expect(store.get().thinking).toBe('low'); // gpt-5 falls back to the value for every model
  });
});
