import type { Transport } from '@modelcontextprotocol/client';
import type { McpConnectionOptions } from './connection-types';

/**
 * Every request sent over `transport` carries the current trace context in `params._meta`
 * (`traceparent`, `tracestate`, `baggage`: MCP 2026-07-28, SEP-414): the context of the tool
 * call it is made for (`callOf` finds it from a `traceparent` already set), else the session's
 * running one. Outermost on the transport, so the traffic log shows what was sent; a `_meta`
 * field already set is kept.
 */
export function carryTraceContext(
  transport: Transport,
  contextFor: NonNullable<McpConnectionOptions['traceContext']>,
  callOf: (traceparent: unknown) => string | undefined,
): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const m = message as { method?: unknown; id?: unknown; params?: Record<string, unknown> & { _meta?: Record<string, unknown> } };
    if (typeof m.method !== 'string' || m.id === undefined) return send(message, options);
    const meta = m.params?._meta;
    const carrier = contextFor(callOf(meta?.traceparent));
    if (!carrier) return send(message, options);
    return send({ ...message, params: { ...m.params, _meta: { ...carrier, ...meta } } } as typeof message, options);
  };
}
