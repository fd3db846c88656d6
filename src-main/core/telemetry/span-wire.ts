import type { AttributeValue, Attributes, SpanStatus } from '@opentelemetry/api';
import { ATTR } from './span-names';
import { ATTRIBUTE_VALUE_LIMIT, type SpanRecord } from './span-record';

/**
 * Recorded spans as they cross to the export worker: one flat array of primitives per batch,
 * attribute names as small numbers where they are the conventions' (both sides know the
 * table). Structured cloning an object costs its shape and every key's string, per span; a flat
 * array of the values alone is about a third of that, on the agent's thread that posts it.
 *
 * Per span: name, kind, traceId, spanId, traceFlags, parentSpanId ('' for a root), parentRemote
 * (0/1), traceState (''), startMs, endMs, the attribute count n, n × (key, value), then `extra`:
 * 0, or `{ events?, status? }` (rare: a retry, an error).
 */
export type SpanWire = unknown[];

/** The attribute names sent as their index here (the order is the wire format: append only). */
const KEYS: readonly string[] = Object.values(ATTR);
const KEY_INDEX = new Map(KEYS.map((k, i) => [k, i]));

/** A value as sent: content longer than the limit is cut here (backends refuse larger ones). */
function limited(v: AttributeValue | undefined): AttributeValue | undefined {
  return typeof v === 'string' && v.length > ATTRIBUTE_VALUE_LIMIT ? v.slice(0, ATTRIBUTE_VALUE_LIMIT) : v;
}

/** Appends one span to `out` (a batch being built). */
export function packSpan(r: SpanRecord, out: SpanWire): void {
  out.push(r.name, r.kind, r.traceId, r.spanId, r.traceFlags, r.parentSpanId ?? '', r.parentRemote ? 1 : 0, r.traceState ?? '', r.startMs, r.endMs);
  const at = out.length;
  out.push(0);
  let n = 0;
  const attributes = r.attributes;
  for (const k in attributes) {
    const v = attributes[k];
    if (v === undefined) continue;
    out.push(KEY_INDEX.get(k) ?? k, limited(v));
    n++;
  }
  out[at] = n;
  out.push(r.events || r.status ? { ...(r.events ? { events: r.events } : {}), ...(r.status ? { status: r.status } : {}) } : 0);
}

/** Spans as one batch. */
export function packSpans(records: readonly SpanRecord[]): SpanWire {
  const out: SpanWire = [];
  for (const r of records) packSpan(r, out);
  return out;
}

/** The spans of a batch packed by `packSpans`. Throws on a batch that is not one (a programming error). */
export function unpackSpans(wire: SpanWire): SpanRecord[] {
  const out: SpanRecord[] = [];
  let i = 0;
  while (i < wire.length) {
    const [name, kind, traceId, spanId, traceFlags, parentSpanId, parentRemote, traceState, startMs, endMs, n] = wire.slice(i, i + 11) as [
      string, number, string, string, number, string, number, string, number, number, number,
    ];
    if (typeof name !== 'string' || typeof n !== 'number') throw new Error(`not a packed span at ${i}`);
    i += 11;
    const attributes: Attributes = {};
    for (let a = 0; a < n; a++, i += 2) {
      const k = wire[i];
      attributes[typeof k === 'number' ? KEYS[k]! : String(k)] = wire[i + 1] as AttributeValue;
    }
    const extra = wire[i++] as 0 | { events?: SpanRecord['events']; status?: SpanStatus };
    const r: SpanRecord = { name, kind, traceId, spanId, traceFlags, startMs, endMs, attributes };
    if (parentSpanId) r.parentSpanId = parentSpanId;
    if (parentRemote) r.parentRemote = true;
    if (traceState) r.traceState = traceState;
    if (extra) {
      if (extra.events) r.events = extra.events;
      if (extra.status) r.status = extra.status;
    }
    out.push(r);
  }
  return out;
}
