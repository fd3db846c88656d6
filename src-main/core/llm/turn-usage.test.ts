import { describe, expect, it } from 'vitest';
import { addUsage, emptyTotals, formatUsage } from '../../../src-shared/events/model-usage';
import { costOf, priceOf } from './prices';
import { turnUsage } from './turn-usage';

describe('prices', () => {
  it('finds a model by id, dated variant, provider prefix and case; config wins over the defaults', () => {
    expect(priceOf('gpt-4o-mini')).toEqual({ input: 0.15, output: 0.6, cachedInput: 0.075 });
    expect(priceOf('gpt-4o-2024-08-06')?.input).toBe(2.5); // longest matching prefix: gpt-4o, not gpt-4
    expect(priceOf('gpt-4o-mini-2024-07-18')?.input).toBe(0.15);
    expect(priceOf('openai/GPT-4o')?.input).toBe(2.5);
    expect(priceOf('claude-sonnet-4-5-20250929')?.output).toBe(15);
    expect(priceOf('qwen2.5-coder')).toBeUndefined();
    expect(priceOf('qwen2.5-coder', { 'qwen2.5-coder': { input: 0, output: 0 } })).toEqual({ input: 0, output: 0 });
    expect(priceOf('gpt-4o', { 'GPT-4o': { input: 1, output: 2 } })).toEqual({ input: 1, output: 2 });
  });

  it('bills cached input at the cached price and is null without a price', () => {
    // 1M fresh at 2.5 + 1M cached at 1.25 + 1M out at 10
    expect(costOf({ inputTokens: 2_000_000, cachedInputTokens: 1_000_000, outputTokens: 1_000_000 }, priceOf('gpt-4o'))).toBe(13.75);
    expect(costOf({ inputTokens: 1000, outputTokens: 1000 }, { input: 3, output: 15 })).toBe(0.018);
    expect(costOf({ inputTokens: 10, outputTokens: 10 }, undefined)).toBeNull();
  });
});

describe('turnUsage', () => {
  it('keeps what the provider reported and prices it', () => {
    const u = turnUsage({
      reported: { inputTokens: 1200, outputTokens: 300, cachedInputTokens: 1000, reasoningTokens: 120 },
      model: 'gpt-4o-mini', sentChars: 1, receivedChars: 1, ttftMs: 210.4, durationMs: 950.6,
    });
    expect(u).toEqual({ inputTokens: 1200, outputTokens: 300, cachedInputTokens: 1000, reasoningTokens: 120, costUsd: 0.000285, ttftMs: 210, durationMs: 951 });
  });

  it('estimates (and says so) when the server reports nothing; cost null for an unknown model', () => {
    const u = turnUsage({ reported: undefined, model: 'local-llama', sentChars: 4000, receivedChars: 41, ttftMs: undefined, durationMs: 80 });
    expect(u).toEqual({ inputTokens: 1000, outputTokens: 11, estimated: true, costUsd: null, ttftMs: 80, durationMs: 80 });
  });

  it('adds turns up and formats totals', () => {
    const t = emptyTotals();
    addUsage(t, { inputTokens: 1000, outputTokens: 10, costUsd: 0.001 });
    addUsage(t, { inputTokens: 234, outputTokens: 46, costUsd: 0.0002 });
    expect(formatUsage(t)).toBe('1,234 tokens in · 56 out · $0.0012');
    addUsage(t, { inputTokens: 1, outputTokens: 1, costUsd: null, estimated: true });
    expect(formatUsage(t)).toBe('~1,235 tokens in · ~57 out · $0.0012+');
    const unknown = addUsage(emptyTotals(), { inputTokens: 5, outputTokens: 5, costUsd: null });
    expect(formatUsage(unknown)).toBe('5 tokens in · 5 out · cost unknown');
  });
});

describe('prompt-cache pricing', () => {
  it('bills Anthropic cache writes at 1.25× and reads at 0.1× input; config overrides the rates', () => {
    // Sonnet at $3/M: 1M fresh + 1M read (0.30) + 1M written (3.75) + 1M out (15)
    const t = { inputTokens: 3_000_000, cachedInputTokens: 1_000_000, cacheWriteTokens: 1_000_000, outputTokens: 1_000_000 };
    expect(costOf(t, priceOf('claude-sonnet-4-5-20250929'))).toBe(3 + 0.3 + 3.75 + 15);
    // An override without cache rates gets Anthropic's ratios of its own input price.
    expect(priceOf('claude-sonnet-4-5', { 'claude-sonnet-4-5': { input: 10, output: 20 } })).toEqual({ input: 10, output: 20, cachedInput: 1, cacheWrite: 12.5 });
    expect(costOf(t, priceOf('claude-sonnet-4-5', { 'claude-sonnet-4-5': { input: 10, output: 20, cachedInput: 2, cacheWrite: 11 } }))).toBe(10 + 2 + 11 + 20);
    // OpenAI writes nothing extra: no cacheWrite rate appears.
    expect(priceOf('gpt-5')?.cacheWrite).toBeUndefined();
  });

  it('records cache writes on the turn and adds them up with the cached share', () => {
    const u = turnUsage({ reported: { inputTokens: 10_000, outputTokens: 100, cachedInputTokens: 8_000, cacheWriteTokens: 1_500 }, model: 'claude-haiku-4-5', sentChars: 1, receivedChars: 1, ttftMs: 5, durationMs: 9 });
    expect(u).toMatchObject({ inputTokens: 10_000, cachedInputTokens: 8_000, cacheWriteTokens: 1_500 });
    // 500 fresh at $1 + 8000 read at $0.10 + 1500 written at $1.25 + 100 out at $5, per million
    expect(u.costUsd).toBeCloseTo((500 * 1 + 8000 * 0.1 + 1500 * 1.25 + 100 * 5) / 1e6, 10);
    const t = addUsage(emptyTotals(), u);
    expect(t.cacheWriteTokens).toBe(1_500);
    expect(formatUsage(t)).toMatch(/^10,000 tokens in \(80% cached\) · 100 out · \$0\.0037$/);
  });
});
