import type { ProviderOption } from '../../../../src-shared/contract/fork-views';
import { thinkingText } from '../../../../src-shared/read-models/fork-change-text';
import type { ForkEditor } from '../../store/fork/state';
import type { ForkActions } from '../../store/fork/actions';

const THINKING: { value: ForkEditor['thinking']; label: string; form?: 'off' | 'effort' | 'budget' }[] = [
  { value: 'off', label: 'Off', form: 'off' },
  { value: 'low', label: 'Effort: low', form: 'effort' },
  { value: 'medium', label: 'Effort: medium', form: 'effort' },
  { value: 'high', label: 'Effort: high', form: 'effort' },
  { value: 'budget', label: 'Token budget…', form: 'budget' },
];

function providerLabel(p: ProviderOption): string {
  let host = p.endpoint;
  try {
    host = new URL(p.endpoint).host;
  } catch {
    // Shown as configured.
  }
  return `${p.provider} — ${p.api} · ${host}`;
}

/**
 * The model's settings a fork may change: a configured provider, the model's name, the
 * temperature and the thinking. Each left as it is unless changed; the thinking forms a provider
 * does not take are offered disabled. The host checks the rest (a model without thinking, a
 * temperature the provider would drop) and the editor shows its reason.
 */
export function ForkModelFields({ e, update }: { e: ForkEditor; update: ForkActions['updateForkEditor'] }) {
  const providers = e.providers ?? [];
  const chosen = providers.find((p) => p.provider === (e.provider || 'default')) ?? providers[0];
  const forms = chosen?.thinkingForms ?? ['off', 'effort', 'budget'];
  const max = chosen?.maxTemperature ?? 2;
  return (
    <div className="fork-model" data-testid="fork-model-fields">
      <div className="fork-model-grid">
        <label htmlFor="fork-provider">Provider</label>
        <select id="fork-provider" value={e.provider} onChange={(ev) => update({ provider: ev.target.value })} data-testid="fork-provider" disabled={e.providers === null}>
          <option value="">{e.providers === null ? 'Loading…' : 'As now'}</option>
          {providers.map((p) => (
            <option key={p.provider} value={p.provider}>
              {providerLabel(p)}
            </option>
          ))}
        </select>
        <label htmlFor="fork-model">Model</label>
        <input id="fork-model" className="fork-text" data-testid="fork-text" value={e.text} onChange={(ev) => update({ text: ev.target.value, modelTouched: true })} placeholder="model name" spellCheck={false} />
        <label htmlFor="fork-temperature">Temperature</label>
        <input
          id="fork-temperature"
          type="number"
          min={0}
          max={max}
          step={0.1}
          value={e.temperature}
          placeholder={`as configured (${chosen?.temperature ?? 'default'}); 0–${max}`}
          onChange={(ev) => update({ temperature: ev.target.value })}
          data-testid="fork-temperature"
        />
        <label htmlFor="fork-thinking">Thinking</label>
        <div className="fork-thinking">
          <select id="fork-thinking" value={e.thinking} onChange={(ev) => update({ thinking: ev.target.value as ForkEditor['thinking'] })} data-testid="fork-thinking">
            <option value="">As configured ({thinkingText(chosen?.thinking)})</option>
            {THINKING.map((t) => (
              <option key={t.value} value={t.value} disabled={t.form ? !forms.includes(t.form) : false} title={t.form && !forms.includes(t.form) ? 'This provider does not take it' : undefined}>
                {t.label}
              </option>
            ))}
          </select>
          {e.thinking === 'budget' ? (
            <input type="number" min={1024} step={1024} value={e.budget} onChange={(ev) => update({ budget: ev.target.value })} aria-label="Thinking budget in tokens" data-testid="fork-thinking-budget" />
          ) : null}
          {e.thinking === 'budget' ? <span className="muted">tokens</span> : null}
        </div>
      </div>
      {e.providersError ? (
        <p className="muted fork-model-hint" role="note">
          Some providers could not be read: {e.providersError}
        </p>
      ) : providers.length === 1 ? (
        <p className="muted fork-model-hint">More providers go under llm.providers in config.json.</p>
      ) : null}
    </div>
  );
}
