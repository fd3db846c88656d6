import { describe, expect, it } from 'vitest';
import { applyTelemetryPatch, telemetrySettingsView } from './telemetry-settings';
import { validateCall } from './validate-call';

/** A tracing patch as the bridge's edge checks it (inside a settings patch). */
function checkTelemetryPatch(telemetry: unknown): { ok: true } | { ok: false; reason: string } {
  const r = validateCall({ kind: 'call', id: 1, method: 'settings.set', args: [{ telemetry }] });
  return r.ok ? { ok: true } : { ok: false, reason: r.error.message };
}

describe('tracing settings', () => {
  it('the view carries header names, never values', () => {
    const v = telemetrySettingsView({ telemetry: { otlp: { endpoint: 'http://c:4318', headers: { 'x-key': 'SECRET-value-1' } }, captureContent: true } }, {});
    expect(v).toEqual({ endpoint: 'http://c:4318', protocol: 'http/protobuf', headerNames: ['x-key'], captureContent: true, traceUrl: '', envOverrides: false });
    expect(JSON.stringify(v)).not.toContain('SECRET-value-1');
    expect(telemetrySettingsView({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x' }).envOverrides).toBe(true);
  });

  it.each([
    [{ endpoint: 'ftp://c' }, /telemetry\.endpoint: must be an http or https URL/],
    [{ endpoint: 'nope' }, /telemetry\.endpoint: must be an http or https URL/],
    [{ protocol: 'udp' }, /telemetry\.protocol: "udp" is not one of "http\/protobuf", "http\/json", "grpc"/],
    [{ traceUrl: 'https://t.example/' }, /telemetry\.traceUrl: .*\{traceId\}/],
    [{ headers: { 'x-a\r\nx-b': 'v' } }, /not a valid HTTP header name/],
    [{ headers: { 'x-a': 'v\r\nx-injected: 1' } }, /telemetry\.headers\.x-a: must be one line/],
    [{ colour: 'red' }, /telemetry: unknown key "colour"/],
    ['endpoint', /telemetry: must be an object, not a string/],
  ])('refuses %j', (patch, reason) => {
    const r = checkTelemetryPatch(patch);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(reason);
  });

  it('applies a patch: empty strings remove, headers replace all, other sections kept', () => {
    const before = { llm: { model: 'm' }, telemetry: { otlp: { endpoint: 'http://c:4318', headers: { a: '1' } }, traceUrl: 'https://t/{traceId}' } };
    expect(checkTelemetryPatch({ endpoint: '', traceUrl: '', captureContent: true }).ok).toBe(true);
    expect(applyTelemetryPatch(before, { endpoint: '', traceUrl: '', captureContent: true })).toEqual({ llm: { model: 'm' }, telemetry: { otlp: { headers: { a: '1' } }, captureContent: true } });
    expect(applyTelemetryPatch(before, { headers: { b: '2' }, protocol: 'grpc' }).telemetry).toEqual({ otlp: { endpoint: 'http://c:4318', headers: { b: '2' }, protocol: 'grpc' }, traceUrl: 'https://t/{traceId}' });
  });
});
