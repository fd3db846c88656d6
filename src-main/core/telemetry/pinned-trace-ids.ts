import { createHash, randomBytes, randomFillSync } from 'node:crypto';
import type { IdGenerator } from '@opentelemetry/sdk-trace-base';

const HEX32 = /^[0-9a-f]{32}$/;

/**
 * A session's trace id: its UUID's 32 hex digits (any other id is hashed), so every run of a
 * session lands in one trace, the window can show the id before anything is exported, and a
 * session exported later (`glassbox sessions export ID --otlp`) lands in that same trace.
 */
export function traceIdForSession(sessionId: string): string {
  const hex = sessionId.toLowerCase().replace(/-/g, '');
  if (HEX32.test(hex) && !/^0+$/.test(hex)) return hex;
  return createHash('sha256').update(`glassbox-session:${sessionId}`).digest('hex').slice(0, 32);
}

/** Random hex digits drawn 8 KiB at a time (an id is a slice of them: no call per id). */
let pool = '';
const ZERO16 = '0'.repeat(16);
const ZERO32 = '0'.repeat(32);
let at = 0;

function randomHex(digits: number): string {
  for (;;) {
    if (at + digits > pool.length) {
      pool = randomBytes(4096).toString('hex');
      at = 0;
    }
    const id = pool.slice(at, (at += digits));
    // All zeros is not a valid id (1 in 2^64 for a span id; drawn again).
    if (id !== (digits === 16 ? ZERO16 : digits === 32 ? ZERO32 : '0'.repeat(digits))) return id;
  }
}

/** Random 32-bit words drawn 8 KiB at a time (the agent's thread draws span ids as two of them: no string, no call per id). */
const words = new Uint32Array(2048);
let word = words.length;

/** A random 32-bit word (cryptographic): half of a span id. */
export function randomIdWord(): number {
  if (word === words.length) {
    randomFillSync(words);
    word = 0;
  }
  return words[word++]!;
}

/**
 * Random ids (cryptographic), except where a span is given its ids: a root span its session's
 * trace id, a span whose id the agent's thread drew already (a run, a tool call: their MCP
 * requests carried it) that id. `withIds` pins them for the span started synchronously inside.
 */
export class PinnedTraceIds implements IdGenerator {
  private pinnedTrace: string | null = null;
  private pinnedSpan: string | null = null;

  /** Runs `start` with the next trace ids being `traceId`. */
  withTraceId<T>(traceId: string, start: () => T): T {
    return this.withIds(traceId, null, start);
  }

  /** Runs `start` with the next trace id being `traceId` and span id `spanId` (null: random). */
  withIds<T>(traceId: string | null, spanId: string | null, start: () => T): T {
    this.pinnedTrace = traceId;
    this.pinnedSpan = spanId;
    try {
      return start();
    } finally {
      this.pinnedTrace = null;
      this.pinnedSpan = null;
    }
  }

  generateTraceId(): string {
    return this.pinnedTrace ?? randomHex(32);
  }

  generateSpanId(): string {
    return this.pinnedSpan ?? randomHex(16);
  }
}
