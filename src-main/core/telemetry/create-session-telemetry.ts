import type { GlassboxConfig } from '../config/config';
import type { EventBus } from '../events/event-bus';
import type { McpManager } from '../mcp/client/manager';
import type { EventSource } from '../secrets/redacted-events';
import { SessionTelemetry } from './session-telemetry';
import { resolveTelemetry } from './config';
import { contextFromCarrier, type TraceCarrier } from './trace-carrier';

/** What a session hands its telemetry. */
export interface SessionTelemetryDeps {
  config: GlassboxConfig;
  env: NodeJS.ProcessEnv;
  sessionId: string;
  /** The session's redacted events. */
  events: EventSource;
  /** Where warnings go (`log` events, source `telemetry`). */
  bus: EventBus;
  /** The trace the runs continue (`TRACEPARENT`). */
  parentTrace?: TraceCarrier;
  /** The trace a resumed session's file says its runs continued. */
  recordedTrace?: TraceCarrier;
  /** The session's MCP servers (made after the telemetry: asked lazily). */
  mcp: () => McpManager;
}

/** A session's telemetry from its config and environment. Throws ConfigError for a wrong `telemetry` section. */
export function createSessionTelemetry(d: SessionTelemetryDeps): SessionTelemetry {
  return new SessionTelemetry({
    settings: resolveTelemetry(d.config, d.env),
    sessionId: d.sessionId,
    events: d.events,
    parent: contextFromCarrier(d.parentTrace),
    ...(d.recordedTrace ? { recorded: d.recordedTrace } : {}),
    mcpServer: (id) => {
      const c = d.mcp().connection(id);
      if (!c) return undefined;
      const url = c.config.url;
      return { protocolVersion: c.protocolVersion, sessionId: c.sessionId, transport: c.transportKind === 'stdio' ? 'pipe' : 'tcp', ...(url ? { url } : {}) };
    },
    warn: (message) => d.bus.emit({ type: 'log', level: 'warn', source: 'telemetry', message }),
  });
}
