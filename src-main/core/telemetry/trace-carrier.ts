import { ROOT_CONTEXT, defaultTextMapGetter, defaultTextMapSetter, trace, type Context } from '@opentelemetry/api';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';

/**
 * W3C trace context as it travels between processes: in an MCP request's `params._meta`
 * (MCP 2026-07-28, SEP-414) or the `TRACEPARENT` / `TRACESTATE` / `BAGGAGE` variables.
 */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
  baggage?: string;
}

const propagator = new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] });

/** The carrier of a context (undefined when it holds no valid span context). */
export function carrierOf(ctx: Context): TraceCarrier | undefined {
  const out: Record<string, string> = {};
  propagator.inject(ctx, out, defaultTextMapSetter);
  if (!out.traceparent) return undefined;
  return { traceparent: out.traceparent, ...(out.tracestate ? { tracestate: out.tracestate } : {}), ...(out.baggage ? { baggage: out.baggage } : {}) };
}

/**
 * The remote context a carrier names (from `_meta` or the environment), or undefined when its
 * `traceparent` is missing or malformed: then the work starts a trace of its own.
 */
export function contextFromCarrier(carrier: { traceparent?: unknown; tracestate?: unknown; baggage?: unknown } | undefined | null): Context | undefined {
  if (!carrier || typeof carrier.traceparent !== 'string') return undefined;
  const fields: Record<string, string> = { traceparent: carrier.traceparent };
  if (typeof carrier.tracestate === 'string') fields.tracestate = carrier.tracestate;
  if (typeof carrier.baggage === 'string') fields.baggage = carrier.baggage;
  const ctx = propagator.extract(ROOT_CONTEXT, fields, defaultTextMapGetter);
  return trace.getSpanContext(ctx) ? ctx : undefined;
}

/**
 * The trace context a saved session's runs continued: the first `agent_start` that recorded one
 * (`glassbox run` with `TRACEPARENT`), checked again as it is read; undefined for a session in
 * its own trace.
 */
export function recordedTraceOf(events: ReadonlyArray<{ type: string; traceparent?: unknown; tracestate?: unknown }>): TraceCarrier | undefined {
  for (const e of events) {
    if (e.type !== 'agent_start' || typeof e.traceparent !== 'string') continue;
    const ctx = contextFromCarrier(e);
    const carrier = ctx ? carrierOf(ctx) : undefined;
    if (carrier) return carrier;
  }
  return undefined;
}

/** The context `TRACEPARENT` (with `TRACESTATE`, `BAGGAGE`) names, for `glassbox run` in a traced job. */
export function contextFromEnv(env: NodeJS.ProcessEnv): Context | undefined {
  return contextFromCarrier({ traceparent: env.TRACEPARENT?.trim(), tracestate: env.TRACESTATE, baggage: env.BAGGAGE });
}
