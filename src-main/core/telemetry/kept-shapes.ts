/**
 * One idle instance of each class on the agent thread's tracing path (SessionTelemetry,
 * EventProjector, BatchingStream, SpanEventWriter), kept for the life of the process.
 *
 * V8 keeps an object shape (the hidden class an instance reaches as its constructor adds its
 * fields) only while an object of that shape is alive. A session's tracing objects were the only
 * ones of their shapes, so once a session ended and a full garbage collection ran, the shapes
 * were collected, and with them every optimized function specialised to them: V8 throws such
 * code away ("weak objects"). The next session then ran the tracing code in V8's baseline tier
 * through much of its start, and the agent's own hot code (reoptimized at the same time) waited
 * longer for the optimizing compiler. On short sessions in a row (bench/otel.mjs) that was most
 * of what export added to the agent's thread. Kept instances keep the shapes, so the code
 * optimized during one session stays valid for the next. What each costs: a few fields.
 *
 * Fields that hold numbers keep one number representation in both (small integers, or doubles
 * from the start), so no shape is replaced by a wider one that nothing keeps.
 */
const kept: object[] = [];

/** Keeps `instance` (made by the class's own constructor) alive for the life of the process. */
export function keepShape(instance: object): void {
  kept.push(instance);
}

/** How many instances are kept (tests). */
export function keptShapes(): number {
  return kept.length;
}
