import type { SettingsPatch, SettingsView } from '../../../../src-shared/contract/views';
import { useApp } from '../../store/app-context';
import { settingsSelectors } from '../../store/settings/selectors';

/** The providers the setup panel offers: each fills the provider and base URL. */
export const MODEL_PRESETS: ReadonlyArray<{ id: string; label: string; provider: SettingsView['provider']; baseURL: string; needsKey: boolean }> = [
  { id: 'openai', label: 'OpenAI', provider: 'openai', baseURL: 'https://api.openai.com/v1', needsKey: true },
  { id: 'anthropic', label: 'Anthropic', provider: 'anthropic', baseURL: 'https://api.anthropic.com/v1', needsKey: true },
  { id: 'ollama', label: 'Ollama (this machine)', provider: 'openai', baseURL: 'http://127.0.0.1:11434/v1', needsKey: false },
  { id: 'lmstudio', label: 'LM Studio (this machine)', provider: 'openai', baseURL: 'http://127.0.0.1:1234/v1', needsKey: false },
  { id: 'openrouter', label: 'OpenRouter', provider: 'openai', baseURL: 'https://openrouter.ai/api/v1', needsKey: true },
  { id: 'custom', label: 'Custom OpenAI-compatible server', provider: 'openai', baseURL: '', needsKey: false },
];

/** Which preset the draft matches (custom when none). */
function presetOf(d: SettingsView): string {
  return MODEL_PRESETS.find((p) => p.id !== 'custom' && p.provider === d.provider && p.baseURL === d.baseURL)?.id ?? 'custom';
}

/**
 * The setup panel's model part: a provider preset, Test connection (the host asks the server's
 * `/models` with the draft and the key; the key never comes back) and the model list it found,
 * one click to choose.
 */
export function ModelSetup({ draft, apiKey, onChange }: { draft: SettingsView; apiKey: string; onChange(d: SettingsView): void }) {
  const result = useApp(settingsSelectors.connectionTest);
  const test = useApp((s) => s.testConnection);
  const run = (): void => {
    const patch: SettingsPatch = { provider: draft.provider, model: draft.model, baseURL: draft.baseURL };
    if (apiKey) patch.apiKey = apiKey;
    void test(patch);
  };
  return (
    <>
      <label className="form-field">
        <span>Service</span>
        <select
          data-testid="settings-preset"
          value={presetOf(draft)}
          onChange={(e) => {
            const p = MODEL_PRESETS.find((x) => x.id === e.target.value)!;
            onChange({ ...draft, provider: p.provider, baseURL: p.id === 'custom' ? draft.baseURL : p.baseURL });
          }}
        >
          {MODEL_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <div className="connection-test">
        <button data-testid="settings-test" disabled={result === 'testing'} onClick={run}>
          {result === 'testing' ? 'Testing…' : 'Test connection'}
        </button>
        {result && result !== 'testing' ? (
          result.ok ? (
            <span className="connection-ok" data-testid="settings-test-result" role="status">
              Connected to {result.endpoint}: {result.models.length} {result.models.length === 1 ? 'model' : 'models'}.
            </span>
          ) : (
            <span className="connection-failed" data-testid="settings-test-result" role="alert">
              {result.error}
            </span>
          )
        ) : null}
      </div>
      {result && result !== 'testing' && result.ok && result.models.length ? (
        <ul className="model-list" data-testid="settings-models" aria-label="Models on this server">
          {result.models.map((m) => (
            <li key={m}>
              <button className={m === draft.model ? 'chosen' : ''} aria-pressed={m === draft.model} onClick={() => onChange({ ...draft, model: m })}>
                {m}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
