import type { GlassboxConfig } from '../core/config/config';
import { TelemetrySectionSchema, telemetrySection } from '../core/telemetry/config';
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

/** Checks a telemetry patch from the window by the config section's own schema. Pure. */
export function checkTelemetryPatch(p: unknown): { ok: true } | { ok: false; reason: string } {
  if (!p || typeof p !== 'object' || Array.isArray(p)) return { ok: false, reason: 'Tracing settings must be an object.' };
  const t = p as TelemetrySettingsPatch;
  const known = new Set(['endpoint', 'protocol', 'headers', 'captureContent', 'traceUrl']);
  for (const k of Object.keys(t)) if (!known.has(k)) return { ok: false, reason: `Unknown tracing setting: ${k}` };
  if (t.endpoint !== undefined && t.endpoint !== '') {
    let u: URL;
    try {
      u = new URL(t.endpoint);
    } catch {
      return { ok: false, reason: `Collector endpoint is not a URL: ${t.endpoint}` };
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return { ok: false, reason: 'Collector endpoint must be http or https.' };
  }
  if (t.headers !== undefined) {
    for (const [k, v] of Object.entries(t.headers ?? {})) {
      // A header name or value with a line break would smuggle another header into every export.
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(k)) return { ok: false, reason: `Header name '${k}' is not a valid HTTP header name.` };
      if (typeof v !== 'string' || /[\r\n\0]/.test(v)) return { ok: false, reason: `Header '${k}' must be one line of text.` };
    }
  }
  const candidate = { ...(t.protocol !== undefined || t.headers !== undefined || t.endpoint ? { otlp: { ...(t.endpoint ? { endpoint: t.endpoint } : {}), ...(t.protocol ? { protocol: t.protocol } : {}), ...(t.headers ? { headers: t.headers } : {}) } } : {}), ...(t.captureContent !== undefined ? { captureContent: t.captureContent } : {}), ...(t.traceUrl ? { traceUrl: t.traceUrl } : {}) };
  const parsed = TelemetrySectionSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, reason: `${['telemetry', ...issue.path.map(String)].join('.')}: ${issue.message}` };
  }
  return { ok: true };
}

/** The config with a checked telemetry patch applied ('' removes a field; headers replace all). */
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
