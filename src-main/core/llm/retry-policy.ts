import { LlmError } from './llm-types';

/** What a failed attempt looked like, as far as retrying is concerned. */
export interface AttemptFailure {
  status?: number;
  /** True for connection resets, DNS failures, timeouts. */
  network: boolean;
  retryAfterMs?: number;
  message: string;
}

/** 429, 5xx and network errors are worth retrying; other 4xx are not. */
export function isRetryable(f: AttemptFailure): boolean {
  return f.network || f.status === 429 || (f.status !== undefined && f.status >= 500);
}

/** Delay before retry `attempt` (1-based): the server's retry-after if given, else exponential with jitter. */
export function backoffDelay(attempt: number, retryAfterMs?: number, baseMs = 500, capMs = 20_000): number {
  if (retryAfterMs !== undefined && retryAfterMs >= 0) return Math.min(retryAfterMs, capMs);
  const exp = baseMs * 2 ** (attempt - 1);
  return Math.min(capMs, exp + Math.floor(Math.random() * baseMs));
}

/** Parses a `retry-after` header (seconds or HTTP date) into ms. */
export function parseRetryAfter(value: string | null | undefined): number | undefined {
  if (value == null || value === '') return undefined;
  const secs = Number(value);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(t);
      reject(signal?.reason ?? new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `attempt` until it succeeds, retrying retryable failures with backoff; then throws an
 * LlmError naming the endpoint and status. `classify` maps a thrown error to a failure, or
 * returns null for errors that must propagate as they are (aborts).
 */
export async function withRetry<T>(opts: {
  endpoint: string;
  maxRetries: number;
  signal?: AbortSignal;
  attempt: () => Promise<T>;
  classify: (err: unknown) => AttemptFailure | null;
  onRetry?: (info: { attempt: number; delayMs: number; error: string }) => void;
}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await opts.attempt();
    } catch (err) {
      const f = opts.classify(err);
      if (!f) throw err;
      const what = f.status !== undefined ? `HTTP ${f.status}` : 'network error';
      if (!isRetryable(f) || attempt > opts.maxRetries) {
        const tries = attempt > 1 ? ` after ${attempt} attempts` : '';
        throw new LlmError(`Model request to ${opts.endpoint} failed${tries}: ${what}: ${f.message}`, opts.endpoint, f.status);
      }
      const delayMs = backoffDelay(attempt, f.retryAfterMs);
      opts.onRetry?.({ attempt, delayMs, error: `${what}: ${f.message}` });
      await sleep(delayMs, opts.signal);
    }
  }
}
