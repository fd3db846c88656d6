import { ROOT_CONTEXT, TraceFlags, trace, type Context, type TraceState } from '@opentelemetry/api';
import { randomIdWord } from './pinned-trace-ids';

/**
 * The span ids an open run or tool call has, kept on the agent's thread for carriers: the span
 * id as two 32-bit numbers (its hex made only when a carrier needs it).
 */
export interface OpenIds {
  traceId: string;
  hi: number;
  lo: number;
  flags: number;
  state: TraceState | undefined;
  /** The context the span lives in (its baggage goes out with a carrier). */
  base: Context;
  /** Its start was dropped (the export's bound): its later events are dropped too. */
  dropped: boolean;
}

/** A fresh open span's ids under `base` (its trace, flags and state), else a root of `traceId`. */
export function idsUnder(base: Context, traceId: string): OpenIds {
  const p = trace.getSpanContext(base);
  const hi = randomIdWord();
  // A span id is never all zeros (1 in 2^64: the low half is drawn until it is not).
  let lo = randomIdWord();
  while (hi === 0 && lo === 0) lo = randomIdWord();
  return p
    ? { traceId: p.traceId, hi, lo, flags: p.traceFlags, state: p.traceState, base, dropped: false }
    : { traceId, hi, lo, flags: TraceFlags.SAMPLED, state: undefined, base: ROOT_CONTEXT, dropped: false };
}


/** A fresh child span of the open run `run`: its trace, flags, state and context. */
export function childOf(run: OpenIds): OpenIds {
  const hi = randomIdWord();
  let lo = randomIdWord();
  while (hi === 0 && lo === 0) lo = randomIdWord();
  return { traceId: run.traceId, hi, lo, flags: run.flags, state: run.state, base: run.base, dropped: false };
}
