import { z } from 'zod';
import { type GlassboxConfig } from '../config/config';
import { ConfigError } from '../config/config-error';
import { parseKeyValueList } from '../config/key-value-list';
import { expandReferences } from '../secrets/references';

/** The OTLP wire formats Glassbox can export in (`OTEL_EXPORTER_OTLP_PROTOCOL`). */
export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json', 'grpc'] as const;
/** One of {@link OTLP_PROTOCOLS}. */
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

/** The `telemetry` section of the config file, as written (docs/telemetry.md). */
export const TelemetrySectionSchema = z
  .object({
    otlp: z
      .object({
        /** The collector's base URL (as `OTEL_EXPORTER_OTLP_ENDPOINT`), or the full traces URL ending in `/v1/traces`. */
        endpoint: z.string().optional(),
        /** Headers sent with every export (API keys of the backend): secrets, never in spans or logs. */
        headers: z.record(z.string(), z.string()).optional(),
        protocol: z.enum(OTLP_PROTOCOLS).optional(),
      })
      .strict()
      .optional(),
    /** Message and tool content in spans (redacted as session files are). Default false. */
    captureContent: z.boolean().optional(),
    /** A link to the team's trace view: `{traceId}` is replaced by the session's trace id. */
    traceUrl: z
      .string()
      .refine((u) => /^https?:\/\//i.test(u) && u.includes('{traceId}'), 'must be an http(s) URL containing {traceId}')
      .optional(),
  })
  .strict();

/** The `telemetry` section as written. */
export type TelemetrySection = z.infer<typeof TelemetrySectionSchema>;

/** Where and how spans are exported, once the config and the environment are merged. */
export interface OtlpTarget {
  protocol: OtlpProtocol;
  /** The full URL spans are sent to (HTTP: ends in `/v1/traces`; gRPC: the collector's address). */
  url: string;
  /** Headers of every export request; their values are secrets. */
  headers: Record<string, string>;
  /** `service.name` of the resource (`OTEL_SERVICE_NAME`, default `glassbox`). */
  serviceName: string;
  /** More resource attributes (`OTEL_RESOURCE_ATTRIBUTES`). */
  resourceAttributes: Record<string, string>;
  /** Spans held while the collector is slow; more are dropped and counted (`OTEL_BSP_MAX_QUEUE_SIZE`, default 2048). */
  maxQueueSize?: number;
  /** How long a session's end waits for its spans to be sent (`OTEL_BSP_EXPORT_TIMEOUT`, default 5 s). */
  exitFlushMs?: number;
}

/** What a session's telemetry does: export (null when off), content capture, the trace link. */
export interface TelemetrySettings {
  otlp: OtlpTarget | null;
  captureContent: boolean;
  traceUrl?: string;
}

/** The validated `telemetry` section (empty when absent). Throws ConfigError naming the key. */
export function telemetrySection(config: GlassboxConfig): TelemetrySection {
  const raw = (config as { telemetry?: unknown }).telemetry;
  if (raw === undefined || raw === null) return {};
  const parsed = TelemetrySectionSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = ['telemetry', ...issue.path.map(String)].join('.');
  throw new ConfigError(`${where}: ${issue.message}`);
}

/** The traces URL for an endpoint: HTTP gets `/v1/traces` unless it is there already. */
function tracesUrl(endpoint: string, protocol: OtlpProtocol, isTracesEndpoint: boolean): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ConfigError(`telemetry: the OTLP endpoint '${endpoint}' is not a URL (e.g. http://127.0.0.1:4318)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`telemetry: the OTLP endpoint '${endpoint}' must be http or https`);
  if (protocol === 'grpc' || isTracesEndpoint || /\/v1\/traces\/?$/.test(url.pathname)) return url.href;
  return `${url.href.replace(/\/+$/, '')}/v1/traces`;
}

/**
 * The session's telemetry settings from the config's `telemetry` section and the standard
 * OpenTelemetry variables, which win field by field (as the model variables win over Settings).
 * Export is on when an endpoint is given either way. Throws ConfigError for a wrong section,
 * protocol or URL.
 */
export function resolveTelemetry(config: GlassboxConfig, env: NodeJS.ProcessEnv): TelemetrySettings {
  const section = telemetrySection(config);
  const otlp = section.otlp ?? {};
  const envProtocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL;
  if (envProtocol && !(OTLP_PROTOCOLS as readonly string[]).includes(envProtocol)) {
    throw new ConfigError(`OTEL_EXPORTER_OTLP_PROTOCOL: '${envProtocol}' is not one of ${OTLP_PROTOCOLS.join(', ')}`);
  }
  const protocol = (envProtocol as OtlpProtocol | undefined) ?? otlp.protocol ?? 'http/protobuf';
  const tracesEndpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const endpoint = tracesEndpoint || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || (otlp.endpoint ? expandReferences(otlp.endpoint, 'telemetry.otlp.endpoint', env) : undefined);
  const base = { captureContent: section.captureContent === true, ...(section.traceUrl ? { traceUrl: section.traceUrl } : {}) };
  if (!endpoint || env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return { otlp: null, ...base };
  const headers = {
    ...expandReferences(otlp.headers ?? {}, 'telemetry.otlp.headers', env),
    ...parseKeyValueList(env.OTEL_EXPORTER_OTLP_HEADERS),
    ...parseKeyValueList(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS),
  };
  const resourceAttributes = parseKeyValueList(env.OTEL_RESOURCE_ATTRIBUTES);
  const serviceName = env.OTEL_SERVICE_NAME?.trim() || resourceAttributes['service.name'] || 'glassbox';
  const queue = Number(env.OTEL_BSP_MAX_QUEUE_SIZE);
  const maxQueueSize = Number.isInteger(queue) && queue > 0 ? queue : undefined;
  const flush = Number(env.OTEL_BSP_EXPORT_TIMEOUT);
  const exitFlushMs = Number.isFinite(flush) && flush > 0 ? flush : undefined;
  return {
    otlp: {
      protocol,
      url: tracesUrl(endpoint, protocol, !!tracesEndpoint),
      headers,
      serviceName,
      resourceAttributes,
      ...(maxQueueSize ? { maxQueueSize } : {}),
      ...(exitFlushMs ? { exitFlushMs } : {}),
    },
    ...base,
  };
}
