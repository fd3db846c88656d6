import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error';
import { collectSecrets } from '../secrets/config-secrets';
import { parseKeyValueList } from '../config/key-value-list';
import { resolveTelemetry } from './config';
import { contextFromCarrier, carrierOf, recordedTraceOf } from './trace-carrier';
import { SessionTelemetry } from './session-telemetry';
import { EventBus } from '../events/event-bus';
import { traceIdForSession } from './pinned-trace-ids';

describe('resolveTelemetry', () => {
  it('is off without an endpoint, whatever else is set', () => {
    expect(resolveTelemetry({ telemetry: { captureContent: true } }, {})).toEqual({ otlp: null, captureContent: true });
    expect(resolveTelemetry({}, { OTEL_SERVICE_NAME: 'x', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }).otlp).toBeNull();
  });

  it('the config section: base endpoint gets /v1/traces, headers expand ${env:…}', () => {
    const s = resolveTelemetry({ telemetry: { otlp: { endpoint: 'https://otlp.example:4318/', headers: { 'x-key': '${env:KEY}' } }, traceUrl: 'https://t.example/{traceId}' } }, { KEY: 'k-123456' });
    expect(s.otlp).toEqual({ protocol: 'http/protobuf', url: 'https://otlp.example:4318/v1/traces', headers: { 'x-key': 'k-123456' }, serviceName: 'glassbox', resourceAttributes: {} });
    expect(s.traceUrl).toBe('https://t.example/{traceId}');
  });

  it('the standard variables win field by field; a traces endpoint is used as given; gRPC keeps the address', () => {
    const config = { telemetry: { otlp: { endpoint: 'http://config:4318', protocol: 'http/json' as const, headers: { a: '1', b: '2' } } } };
    const s = resolveTelemetry(config, {
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://env:9999/custom/path',
      OTEL_EXPORTER_OTLP_HEADERS: 'b=over%20ridden,c=3',
      OTEL_SERVICE_NAME: 'ci',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=ci,team=tools',
      OTEL_BSP_MAX_QUEUE_SIZE: '16',
    });
    expect(s.otlp).toEqual({ protocol: 'http/json', url: 'http://env:9999/custom/path', headers: { a: '1', b: 'over ridden', c: '3' }, serviceName: 'ci', resourceAttributes: { 'deployment.environment': 'ci', team: 'tools' }, maxQueueSize: 16 });
    expect(resolveTelemetry({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }).otlp?.url).toBe('http://c:4317/');
    expect(resolveTelemetry({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }).otlp).toBeNull();
  });

  it.each([
    [{ telemetry: { otlp: { protocol: 'udp' } } }, {}, /telemetry\.otlp\.protocol/],
    [{ telemetry: { otlp: { endpoint: 'http://x' }, captureContnet: true } }, {}, /telemetry: .*captureContnet/i],
    [{ telemetry: { traceUrl: 'https://t.example/no-placeholder' } }, {}, /telemetry\.traceUrl: must be an http\(s\) URL containing \{traceId\}/],
    [{ telemetry: { traceUrl: 'javascript:alert(1)//{traceId}' } }, {}, /telemetry\.traceUrl/],
    [{}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/xml' }, /OTEL_EXPORTER_OTLP_PROTOCOL: 'http\/xml'/],
    [{}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'file:///etc/passwd' }, /must be http or https/],
    [{}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' }, /is not a URL/],
  ])('refuses %j %j with a ConfigError naming what is wrong', (config, env, message) => {
    expect(() => resolveTelemetry(config, env)).toThrow(ConfigError);
    expect(() => resolveTelemetry(config, env)).toThrow(message);
  });

  it('the OTLP header values are secrets of the session', () => {
    const secrets = collectSecrets({ telemetry: { otlp: { headers: { 'x-honeycomb-team': 'hc-config-secret' } } } }, { OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20env-secret-123' });
    expect(secrets).toEqual(expect.arrayContaining(['hc-config-secret', 'Bearer env-secret-123', 'env-secret-123']));
  });

  it('parseKeyValueList skips malformed parts', () => {
    expect(parseKeyValueList('a=1,,=x,b,c= 2 ,d=%E0%A4%A')).toEqual({ a: '1', c: '2', d: '%E0%A4%A' });
  });
});

describe('trace context carriers', () => {
  it('a valid traceparent becomes a remote parent and goes out again as it came', () => {
    const tp = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const ctx = contextFromCarrier({ traceparent: tp, tracestate: 'vendor=x', baggage: 'team=tools' });
    expect(carrierOf(ctx!)).toEqual({ traceparent: tp, tracestate: 'vendor=x', baggage: 'team=tools' });
  });

  it.each([
    undefined,
    null,
    {},
    { traceparent: 42 },
    { traceparent: '' },
    { traceparent: '00-00000000000000000000000000000000-00f067aa0ba902b7-01' },
    { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01' },
    { traceparent: 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
    { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\nx: y' },
    { traceparent: `00-${'a'.repeat(5000)}-00f067aa0ba902b7-01` },
  ])('ignores a crafted or malformed carrier %j (the work starts its own trace)', (carrier) => {
    expect(contextFromCarrier(carrier as never)).toBeUndefined();
  });

  it("a session's recorded trace: the first agent_start with a valid traceparent; the window's trace id is that one", () => {
    const tp = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    expect(recordedTraceOf([{ type: 'agent_start' }, { type: 'agent_start', traceparent: 'garbage' }, { type: 'agent_start', traceparent: tp, tracestate: 'a=b' }])).toEqual({ traceparent: tp, tracestate: 'a=b' });
    expect(recordedTraceOf([{ type: 'log', traceparent: tp }, { type: 'agent_start', traceparent: 7 }])).toBeUndefined();
    const session = '3f2a91c0-0000-4000-8000-000000000001';
    const settings = { otlp: null, captureContent: false };
    const resumed = new SessionTelemetry({ settings, sessionId: session, events: new EventBus(session), warn: () => {}, recorded: { traceparent: tp } });
    expect(resumed.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    // Only a run given a parent records it again (canonical, without baggage).
    expect(resumed.continues).toBeUndefined();
    const given = new SessionTelemetry({ settings, sessionId: session, events: new EventBus(session), warn: () => {}, parent: contextFromCarrier({ traceparent: tp, baggage: 'k=v' }) });
    expect(given.continues).toEqual({ traceparent: tp });
    expect(new SessionTelemetry({ settings, sessionId: session, events: new EventBus(session), warn: () => {} }).traceId).toBe(session.replace(/-/g, ''));
  });

  it('a session id gives its trace id: the UUID digits, else a hash; never all zeros', () => {
    expect(traceIdForSession('87024d5a-943b-4ba9-9db1-b140bf00f682')).toBe('87024d5a943b4ba99db1b140bf00f682');
    expect(traceIdForSession('my-session')).toMatch(/^[0-9a-f]{32}$/);
    expect(traceIdForSession('00000000-0000-0000-0000-000000000000')).not.toBe('0'.repeat(32));
  });
});
