import { describe, expect, it } from 'vitest';
import { LlmError } from './llm-types';
import { backoffDelay, isRetryable, parseRetryAfter, serverMessageOf, withoutStatusPrefix, withRetry } from './retry-policy';

describe('retry policy', () => {
  it.each([
    [{ status: 429, network: false }, true],
    [{ status: 500, network: false }, true],
    [{ status: 503, network: false }, true],
    [{ network: true }, true],
    [{ status: 400, network: false }, false],
    [{ status: 401, network: false }, false],
    [{ status: 404, network: false }, false],
  ])('%o retryable → %s', (f, expected) => expect(isRetryable({ message: '', ...f })).toBe(expected));

  it('honours retry-after, else backs off exponentially (capped)', () => {
    expect(backoffDelay(1, 2000)).toBe(2000);
    expect(backoffDelay(1, 0)).toBe(0);
    expect(backoffDelay(1)).toBeGreaterThanOrEqual(500);
    expect(backoffDelay(3)).toBeGreaterThanOrEqual(2000);
    expect(backoffDelay(20)).toBeLessThanOrEqual(20_000);
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it('retries retryable failures, then gives up with an error naming endpoint and status', async () => {
    let n = 0;
    const retries: number[] = [];
    const p = withRetry({
      endpoint: 'http://model.example/v1',
      maxRetries: 2,
      attempt: async () => {
        n++;
        throw Object.assign(new Error('overloaded'), { status: 503 });
      },
      classify: (err) => ({ status: (err as { status: number }).status, network: false, retryAfterMs: 0, message: (err as Error).message }),
      onRetry: (i) => retries.push(i.attempt),
    });
    await expect(p).rejects.toThrow(LlmError);
    await expect(p).rejects.toThrow('Model request to http://model.example/v1 failed after 3 attempts: HTTP 503: overloaded');
    expect(n).toBe(3);
    expect(retries).toEqual([1, 2]);
  });

  it('does not retry a 401, and lets aborts through untouched', async () => {
    let n = 0;
    await expect(
      withRetry({
        endpoint: 'e',
        maxRetries: 5,
        attempt: async () => {
          n++;
          throw new Error('bad key');
        },
        classify: () => ({ status: 401, network: false, message: 'bad key' }),
      }),
    ).rejects.toThrow('HTTP 401');
    expect(n).toBe(1);
    const abort = new Error('aborted');
    await expect(withRetry({ endpoint: 'e', maxRetries: 5, attempt: async () => Promise.reject(abort), classify: () => null })).rejects.toBe(abort);
  });
});

describe('the server error text, said once', () => {
  it('takes the message of the error body (OpenAI and Anthropic), else drops the SDK status prefix', () => {
    expect(serverMessageOf({ message: 'upstream exploded', type: 'api_error' }, '500 upstream exploded', 500)).toBe('upstream exploded');
    expect(serverMessageOf({ type: 'error', error: { type: 'api_error', message: 'overloaded' } }, '529 {"type":"error"}', 529)).toBe('overloaded');
    expect(serverMessageOf(undefined, '500 upstream exploded', 500)).toBe('upstream exploded');
    expect(serverMessageOf(undefined, '502 status code (no body)', 502)).toBe('status 502');
    expect(withoutStatusPrefix('connection reset', undefined)).toBe('connection reset');
  });

  it('tells each retry its number of the maximum and records the failed request with the final error', async () => {
    const seen: unknown[] = [];
    const err = await withRetry({
      endpoint: 'http://x/v1',
      maxRetries: 2,
      request: () => ({ model: 'm' }),
      attempt: () => Promise.reject(new Error('boom')),
      classify: () => ({ network: false, status: 503, retryAfterMs: 0, message: 'busy', body: { error: { message: 'busy' } } }),
      onRetry: (i) => seen.push(i),
    }).catch((e: unknown) => e as LlmError);
    expect(seen).toEqual([expect.objectContaining({ attempt: 1, maxRetries: 2, status: 503 }), expect.objectContaining({ attempt: 2, maxRetries: 2 })]);
    expect(err.message).toBe('Model request to http://x/v1 failed after 3 attempts: HTTP 503: busy');
    expect(err.detail).toEqual({ serverMessage: 'busy', attempts: 3, body: { error: { message: 'busy' } }, request: { model: 'm' } });
  });
});
