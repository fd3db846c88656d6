import { describe, expect, it } from 'vitest';
import { formatCost, shortTokens, turnUsageLine } from './format';

describe('usage lines', () => {
  it('says every field of a turn, marks estimates and unknown costs', () => {
    expect(turnUsageLine({ inputTokens: 1234, outputTokens: 56, cachedInputTokens: 1000, costUsd: 0.0012, ttftMs: 340, durationMs: 1200 })).toBe(
      '1,234 tokens in · 56 out · 1,000 cached · $0.0012 · first token 340 ms · 1.2 s',
    );
    expect(turnUsageLine({ inputTokens: 10, outputTokens: 100, estimated: true, costUsd: null, ttftMs: 5, durationMs: 9 })).toBe(
      '~10 tokens in · ~100 out · cost unknown · first token 5 ms · 9 ms',
    );
    // An older session's turn: only the counts.
    expect(turnUsageLine({ inputTokens: 3, outputTokens: 4 })).toBe('3 tokens in · 4 out');
  });
  it('formats costs and token counts compactly', () => {
    expect(formatCost(1.258)).toBe('$1.26');
    expect(formatCost(undefined)).toBe('cost unknown');
    expect(shortTokens(950)).toBe('950');
    expect(shortTokens(12_345)).toBe('12k');
    expect(shortTokens(1_500_000)).toBe('1.5M');
  });
});
