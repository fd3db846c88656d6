/** How deep a snapshot copies before it gives up (events are a few levels deep; a cycle never ends). */
const MAX_DEPTH = 64;

/** Thrown inside the copy when the value is not plain JSON data. */
const NOT_PLAIN = Symbol('not plain JSON data');

function copy(v: unknown, depth: number): unknown {
  // Strings, numbers, booleans, null, undefined and symbols cannot change: shared, not copied.
  if (v === null || (typeof v !== 'object' && typeof v !== 'function' && typeof v !== 'bigint')) return v;
  if (typeof v !== 'object' || depth > MAX_DEPTH) throw NOT_PLAIN;
  if (Array.isArray(v)) {
    const out = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copy(v[i], depth + 1);
    return out;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN; // a Date, a Buffer, a class: its toJSON decides
  const src = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(src)) out[k] = copy(src[k], depth + 1);
  return out;
}

/**
 * A copy of a JSON-like value that nothing else holds, so that serialising it later gives
 * exactly the text `JSON.stringify(value)` gives now, whatever is done to `value` in between.
 * Only plain objects and arrays are copied; strings (the bulk of a large tool result) are
 * immutable and shared, so a 15 KB result costs a few small allocations, not a 15 KB
 * serialisation. Returns `undefined` when the value is not plain data — a `toJSON`, a class
 * instance, a function, a bigint, a cycle or an absurd depth — for which only serialising it
 * now is exact (and throws now, as JSON.stringify would).
 */
export function snapshotJson<T>(value: T): T | undefined {
  try {
    return copy(value, 0) as T;
  } catch (err) {
    if (err === NOT_PLAIN) return undefined;
    throw err;
  }
}
