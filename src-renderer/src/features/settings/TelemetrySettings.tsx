import type { TelemetrySettingsView } from '../../../../src-shared/contract/views';

/** The tracing part of the settings form (its draft lives in SettingsPanel). */
export interface TelemetryDraft {
  view: TelemetrySettingsView;
  /** Headers typed now (`name=value` per line); '' keeps the stored ones. */
  headersText: string;
}

/** `name=value` lines as headers; null when a line is not of that form. */
export function parseHeaderLines(text: string): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const i = line.indexOf('=');
    if (i <= 0) return null;
    out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return out;
}

/**
 * OpenTelemetry export: collector, protocol, headers (write-only: the names of those set are
 * shown, never their values), content capture and the trace link template.
 */
export function TelemetrySettings({ draft, onChange }: { draft: TelemetryDraft; onChange: (d: TelemetryDraft) => void }) {
  const v = draft.view;
  const set = (patch: Partial<TelemetrySettingsView>): void => onChange({ ...draft, view: { ...v, ...patch } });
  return (
    <fieldset className="settings-telemetry" data-testid="settings-telemetry">
      <legend>Tracing (OpenTelemetry)</legend>
      {v.envOverrides ? <p className="muted">OTEL_EXPORTER_OTLP_* variables are set in this host&apos;s environment: they win over these settings.</p> : null}
      <label className="form-field">
        <span>Collector endpoint <em className="muted">(empty: export off)</em></span>
        <input data-testid="settings-otlp-endpoint" value={v.endpoint} placeholder="http://127.0.0.1:4318" onChange={(e) => set({ endpoint: e.target.value })} />
      </label>
      <label className="form-field">
        <span>Protocol</span>
        <select data-testid="settings-otlp-protocol" value={v.protocol} onChange={(e) => set({ protocol: e.target.value as TelemetrySettingsView['protocol'] })}>
          <option value="http/protobuf">http/protobuf</option>
          <option value="http/json">http/json</option>
          <option value="grpc">grpc</option>
        </select>
      </label>
      <label className="form-field">
        <span>
          Headers <em className="muted">{v.headerNames.length ? `(set: ${v.headerNames.join(', ')}; type to replace them all)` : '(name=value, one per line)'}</em>
        </span>
        <textarea data-testid="settings-otlp-headers" rows={2} autoComplete="off" spellCheck={false} value={draft.headersText} placeholder={v.headerNames.length ? '••••••••' : 'x-honeycomb-team=…'} onChange={(e) => onChange({ ...draft, headersText: e.target.value })} />
      </label>
      <label className="form-check">
        <input data-testid="settings-capture-content" type="checkbox" checked={v.captureContent} onChange={(e) => set({ captureContent: e.target.checked })} />
        <span>Send message and tool content (secrets redacted as in session files)</span>
      </label>
      <label className="form-field">
        <span>Trace link <em className="muted">(with {'{traceId}'})</em></span>
        <input data-testid="settings-trace-url" value={v.traceUrl} placeholder="https://jaeger.example/trace/{traceId}" onChange={(e) => set({ traceUrl: e.target.value })} />
      </label>
    </fieldset>
  );
}
