import type { GlassboxConfig } from '../core/config/config';
import { telemetrySection } from '../core/telemetry/config';
import type { TelemetrySettingsPatch, TelemetrySettingsView } from '../../src-shared/contract/views';

/** The window's view of the `telemetry` section: header names only, never their values. */
export function telemetrySettingsView(config: GlassboxConfig, env: NodeJS.ProcessEnv): TelemetrySettingsView {
  let section: ReturnType<typeof telemetrySection> = {};
  try {
    section = telemetrySection(config);
  } catch {
    // A malformed section is reported where the session is built; the form starts empty.
  }
  return {
    endpoint: section.otlp?.endpoint ?? '',
    protocol: section.otlp?.protocol ?? 'http/protobuf',
    headerNames: Object.keys(section.otlp?.headers ?? {}),
    captureContent: section.captureContent === true,
    traceUrl: section.traceUrl ?? '',
    envOverrides: Object.keys(env).some((k) => k.startsWith('OTEL_EXPORTER_OTLP_') && env[k]),
  };
}

/** The config with a telemetry patch (parsed by TelemetrySettingsPatchSchema) applied ('' removes a field; headers replace all). */
export function applyTelemetryPatch(config: GlassboxConfig, t: TelemetrySettingsPatch): GlassboxConfig {
  const current = (config.telemetry ?? {}) as { otlp?: Record<string, unknown>; captureContent?: boolean; traceUrl?: string };
  const otlp: Record<string, unknown> = { ...(current.otlp ?? {}) };
  if (t.endpoint !== undefined) {
    if (t.endpoint === '') delete otlp.endpoint;
    else otlp.endpoint = t.endpoint;
  }
  if (t.protocol !== undefined) otlp.protocol = t.protocol;
  if (t.headers !== undefined) {
    if (Object.keys(t.headers).length) otlp.headers = t.headers;
    else delete otlp.headers;
  }
  const next: Record<string, unknown> = { ...current, otlp };
  if (!Object.keys(otlp).length) delete next.otlp;
  if (t.captureContent !== undefined) next.captureContent = t.captureContent;
  if (t.traceUrl !== undefined) {
    if (t.traceUrl === '') delete next.traceUrl;
    else next.traceUrl = t.traceUrl;
  }
  return { ...config, telemetry: next };
}
