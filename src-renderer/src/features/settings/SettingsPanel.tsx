import { useEffect, useRef, useState } from 'react';
import type { ApprovalRuleView, SettingsPatch, SettingsView } from '../../../../src-shared/contract/views';
import { useApp } from '../../store/app-context';
import { settingsSelectors } from '../../store/settings/selectors';
import { useDialogFocus } from '../dialogs/use-dialog-focus';
import { ReasoningSetting } from './ReasoningSetting';
import { ModelSetup } from './ModelSetup';
import { parseHeaderLines, TelemetrySettings, type TelemetryDraft } from './TelemetrySettings';
import { limitsDraftOf, limitsFromDraft, SpendLimitSettings, type LimitsDraft } from './SpendLimitSettings';

/** Model provider, model, base URL, API key (write-only), approval mode and rules, tracing. */
export function SettingsPanel() {
  const settings = useApp(settingsSelectors.settings);
  const setOpen = useApp((s) => s.setSettingsOpen);
  const saveSettings = useApp((s) => s.saveSettings);
  const close = (): void => setOpen(false);
  // The form being edited; the store keeps what the host has.
  const [draft, setDraft] = useState<SettingsView | null>(settings);
  const [apiKey, setApiKey] = useState('');
  const [saved, setSaved] = useState(false);
  const [trace, setTrace] = useState<TelemetryDraft | null>(settings?.telemetry ? { view: settings.telemetry, headersText: '' } : null);
  const [traceError, setTraceError] = useState('');
  const [limits, setLimits] = useState<LimitsDraft | null>(settings?.limits ? limitsDraftOf(settings.limits) : null);
  const [limitsError, setLimitsError] = useState('');
  const dialog = useRef<HTMLDivElement>(null);
  // First run: the panel is the setup panel (no model yet).
  const [firstRun] = useState(() => !settings?.model);
  useEffect(() => {
    setDraft(settings);
    setTrace(settings?.telemetry ? { view: settings.telemetry, headersText: '' } : null);
    setLimits(settings?.limits ? limitsDraftOf(settings.limits) : null);
  }, [settings]);
  useDialogFocus(dialog, draft !== null);
  if (!draft) return null;
  const save = async (): Promise<void> => {
    const patch: SettingsPatch = {
      provider: draft.provider,
      model: draft.model,
      baseURL: draft.baseURL,
      approvalMode: draft.approvalMode,
      approvalRules: draft.approvalRules,
      thinking: draft.thinking,
      ...(draft.provider === 'openai' ? { api: draft.api } : {}),
    };
    if (apiKey) patch.apiKey = apiKey;
    if (trace) {
      const { endpoint, protocol, captureContent, traceUrl } = trace.view;
      const headers = trace.headersText.trim() ? parseHeaderLines(trace.headersText) : undefined;
      if (headers === null) {
        setTraceError('Headers: one name=value per line.');
        return;
      }
      setTraceError('');
      patch.telemetry = { endpoint, protocol, captureContent, traceUrl, ...(headers ? { headers } : {}) };
    }
    if (limits && !firstRun) {
      const l = limitsFromDraft(limits);
      if (!l.ok) {
        setLimitsError(l.reason);
        return;
      }
      setLimitsError('');
      patch.limits = l.limits;
    }
    if (await saveSettings(patch)) {
      setApiKey('');
      // Saved: the panel closes (focus goes back where it was; the set-up panel, to the task typed
      // before). Only the set-up panel without a model yet stays, since nothing can run.
      if (!firstRun || draft.model) close();
      else setSaved(true);
    }
  };
  const setRule = (i: number, r: Partial<ApprovalRuleView>): void =>
    setDraft({ ...draft, approvalRules: draft.approvalRules.map((x, j) => (j === i ? { ...x, ...r } : x)) });
  return (
    <div className="dialog-backdrop" onKeyDown={(e) => e.key === 'Escape' && close()}>
      <div ref={dialog} className="dialog settings" role="dialog" aria-modal="true" aria-label={firstRun ? 'Set up a model' : 'Settings'} data-testid="settings-panel">
        <h3>{firstRun ? 'Set up a model' : 'Settings'}</h3>
        {firstRun ? <p className="muted small">Glassbox needs a model to work with. Choose a service, test the connection, pick a model and save: the task you typed stays in the message box.</p> : null}
        <ModelSetup draft={draft} apiKey={apiKey} onChange={setDraft} />
        <label className="form-field">
          <span>Provider</span>
          <select data-testid="settings-provider" value={draft.provider} onChange={(e) => setDraft({ ...draft, provider: e.target.value as SettingsView['provider'] })}>
            <option value="openai">OpenAI-compatible (OpenAI, Ollama, vLLM, LM Studio, OpenRouter)</option>
            <option value="anthropic">Anthropic</option>
          </select>
        </label>
        <label className="form-field">
          <span>Model</span>
          <input data-testid="settings-model" value={draft.model} placeholder="gpt-4o-mini" onChange={(e) => setDraft({ ...draft, model: e.target.value })} />
        </label>
        <ReasoningSetting draft={draft} onChange={setDraft} />
        <label className="form-field">
          <span>Base URL</span>
          <input data-testid="settings-base-url" value={draft.baseURL} placeholder="https://api.openai.com/v1 or http://127.0.0.1:11434/v1" onChange={(e) => setDraft({ ...draft, baseURL: e.target.value })} />
        </label>
        <label className="form-field">
          <span>API key {draft.apiKeySet ? <em className="muted">(a key is set; type to replace it)</em> : <em className="muted">(not set)</em>}</span>
          <input data-testid="settings-api-key" type="password" autoComplete="off" value={apiKey} placeholder={draft.apiKeySet ? '••••••••' : 'sk-…'} onChange={(e) => setApiKey(e.target.value)} />
        </label>
        <label className="form-field">
          <span>Approval mode</span>
          <select data-testid="settings-approval-mode" value={draft.approvalMode} onChange={(e) => setDraft({ ...draft, approvalMode: e.target.value as SettingsView['approvalMode'] })}>
            <option value="ask">ask — risky calls wait for you</option>
            <option value="auto">auto — only dangerous commands ask</option>
            <option value="deny">deny — risky calls are refused</option>
          </select>
        </label>
        <div className="label">Approval rules (deny beats ask beats allow)</div>
        <table className="rules" data-testid="settings-rules">
          <tbody>
            {draft.approvalRules.map((r, i) => (
              <tr key={i}>
                <td><input aria-label="tool" value={r.tool} onChange={(e) => setRule(i, { tool: e.target.value })} /></td>
                <td><input aria-label="match" value={r.match ?? ''} placeholder="glob, e.g. git status*" onChange={(e) => setRule(i, { match: e.target.value || undefined })} /></td>
                <td>
                  <select aria-label="decision" value={r.decision} onChange={(e) => setRule(i, { decision: e.target.value as ApprovalRuleView['decision'] })}>
                    <option value="allow">allow</option>
                    <option value="ask">ask</option>
                    <option value="deny">deny</option>
                  </select>
                </td>
                <td><button className="link-button" onClick={() => setDraft({ ...draft, approvalRules: draft.approvalRules.filter((_, j) => j !== i) })}>Remove</button></td>
              </tr>
            ))}
          </tbody>
        </table>
        <button className="link-button" onClick={() => setDraft({ ...draft, approvalRules: [...draft.approvalRules, { tool: 'bash', decision: 'allow' }] })}>Add rule</button>
        {trace && !firstRun ? <TelemetrySettings draft={trace} onChange={setTrace} /> : null}
        {traceError ? <p className="error" data-testid="settings-telemetry-error">{traceError}</p> : null}
        {limits && !firstRun ? <SpendLimitSettings draft={limits} onChange={setLimits} /> : null}
        {limitsError ? <p className="error" data-testid="settings-limits-error">{limitsError}</p> : null}
        <div className="dialog-actions">
          <button className="primary" data-testid="settings-save" onClick={() => void save()}>Save</button>
          <button onClick={close}>Close</button>
          {saved ? <span className="muted" data-testid="settings-saved-open">Saved. Choose a model to start.</span> : null}
        </div>
      </div>
    </div>
  );
}
