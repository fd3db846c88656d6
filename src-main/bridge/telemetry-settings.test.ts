import { describe, expect, it } from 'vitest';
import { applyTelemetryPatch, checkTelemetryPatch, telemetrySettingsView } from './telemetry-settings';
import { checkSettingsPatch } from './settings-store';

describe('tracing settings', () => {
  it('the view carries header names, never values', () => {
    const v = telemetrySettingsView({ telemetry: { otlp: { endpoint: 'http://c:4318', headers: { 'x-key': 'SECRET-value-1' } }, captureContent: true } }, {});
    expect(v).toEqual({ endpoint: 'http://c:4318', protocol: 'http/protobuf', headerNames: ['x-key'], captureContent: true, traceUrl: '', envOverrides: false });
    expect(JSON.stringify(v)).not.toContain('SECRET-value-1');
    expect(telemetrySettingsView({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x' }).envOverrides).toBe(true);
  });

  it.each([
    [{ endpoint: 'ftp://c' }, /must be http or https/],
    [{ endpoint: 'nope' }, /not a URL/],
    [{ protocol: 'udp' }, /telemetry\.otlp\.protocol/],
    [{ traceUrl: 'https://t.example/' }, /\{traceId\}/],
    [{ headers: { 'x-a\r\nx-b': 'v' } }, /not a valid HTTP header name/],
    [{ headers: { 'x-a': 'v\r\nx-injected: 1' } }, /one line/],
    [{ colour: 'red' }, /Unknown tracing setting/],
    ['endpoint', /must be an object/],
  ])('refuses %j', (patch, reason) => {
    const r = checkTelemetryPatch(patch);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(reason);
    expect(checkSettingsPatch({ telemetry: patch as never }).ok).toBe(false);
  });

  it('applies a patch: empty strings remove, headers replace all, other sections kept', () => {
    const before = { llm: { model: 'm' }, telemetry: { otlp: { endpoint: 'http://c:4318', headers: { a: '1' } }, traceUrl: 'https://t/{traceId}' } };
    expect(checkTelemetryPatch({ endpoint: '', traceUrl: '', captureContent: true }).ok).toBe(true);
    expect(applyTelemetryPatch(before, { endpoint: '', traceUrl: '', captureContent: true })).toEqual({ llm: { model: 'm' }, telemetry: { otlp: { headers: { a: '1' } }, captureContent: true } });
    expect(applyTelemetryPatch(before, { headers: { b: '2' }, protocol: 'grpc' }).telemetry).toEqual({ otlp: { endpoint: 'http://c:4318', headers: { b: '2' }, protocol: 'grpc' }, traceUrl: 'https://t/{traceId}' });
  });
});
