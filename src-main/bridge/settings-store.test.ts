import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSettingsPatch, ConfigFileKeyStore, SettingsStore } from './settings-store';

describe('checkSettingsPatch', () => {
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
  ];
  for (const [name, patch, ok] of table) it(name, () => expect(checkSettingsPatch(patch as never).ok).toBe(ok));
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
    expect(view).toEqual({ provider: 'openai', model: 'gpt-4o-mini', baseURL: 'http://127.0.0.1:11434/v1', apiKeySet: false, approvalMode: 'ask', approvalRules: [{ tool: 'bash', match: 'git status*', decision: 'allow' }], telemetry: { endpoint: '', protocol: 'http/protobuf', headerNames: [], captureContent: false, traceUrl: '', envOverrides: false } });
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
    expect(() => store.set({ provider: 'nope' as never })).toThrow(/Provider/);
    expect(() => store.set({ model: 'x' })).toThrow(/Malformed JSON/);
    expect(readFileSync(path, 'utf8')).toBe('{ "llm": ');
  });
});
