/**
 * A field of an event, or of an object in one, read through one shared keyed load. That load
 * sees every event shape, so V8 compiles it generically, checking no shape: the optimized code
 * of the per-step methods below then depends on no event's shape, and survives the events of a
 * session being collected with their shapes (see kept-shapes.ts).
 */
export function field(o: unknown, key: string): unknown {
  return o === null || o === undefined ? undefined : (o as Record<string, unknown>)[key];
}
/** `v` when it is a number. */
export const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
/** `v` when it is a string. */
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
