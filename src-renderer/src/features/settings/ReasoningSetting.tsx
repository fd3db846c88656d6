import type { SettingsView } from '../../../../src-shared/contract/views';

const PRESETS: ReadonlyArray<[string, string]> = [
  ['', "the provider's default"],
  ['off', 'off'],
  ['low', 'low effort'],
  ['medium', 'medium effort'],
  ['high', 'high effort'],
  ['4000', 'budget: 4,000 tokens'],
  ['8000', 'budget: 8,000 tokens'],
  ['16000', 'budget: 16,000 tokens'],
  ['32000', 'budget: 32,000 tokens'],
];

/**
 * Reasoning for the model being edited (kept per model in `llm.thinking`) and, for OpenAI-style
 * servers, which API to speak. What each value means per provider is in docs/configuration.md.
 */
export function ReasoningSetting({ draft, onChange }: { draft: SettingsView; onChange(d: SettingsView): void }) {
  const options = PRESETS.some(([v]) => v === draft.thinking) ? PRESETS : [...PRESETS, [draft.thinking, `budget: ${Number(draft.thinking).toLocaleString('en-US')} tokens`] as [string, string]];
  return (
    <>
      <label className="form-field">
        <span>
          Reasoning for {draft.model ? <code>{draft.model}</code> : 'this model'}
          {draft.thinkingFromEnv ? <em className="muted"> (GLASSBOX_LLM_THINKING overrides this)</em> : null}
        </span>
        <select data-testid="settings-thinking" value={draft.thinking} onChange={(e) => onChange({ ...draft, thinking: e.target.value })}>
          {options.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {draft.provider === 'openai' ? (
        <label className="form-field">
          <span>API</span>
          <select data-testid="settings-api" value={draft.api} onChange={(e) => onChange({ ...draft, api: e.target.value as SettingsView['api'] })}>
            <option value="auto">automatic — Responses for api.openai.com, Chat Completions elsewhere</option>
            <option value="responses">Responses (OpenAI reasoning models keep their reasoning across tool calls)</option>
            <option value="chat">Chat Completions</option>
          </select>
        </label>
      ) : null}
    </>
  );
}
