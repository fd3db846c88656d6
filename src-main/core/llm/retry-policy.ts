import { LlmError } from './llm-types';

/** What a failed attempt looked like, as far as retrying is concerned. */
export interface AttemptFailure {
  status?: number;
  /** True for connection resets, DNS failures, timeouts. */
  network: boolean;
  retryAfterMs?: number;
  /** The server's own error text (without the SDK's status prefix). */
  message: string;
  /** The response body the server sent with the error (parsed JSON or text), when there was one. */
  body?: unknown;
}

/** What the caller is told before each retry (the window shows "Retrying (2/3) in 4 s…"). */
export interface RetryInfo {
  /** 1-based: the first retry is 1. */
  attempt: number;
  maxRetries: number;
  delayMs: number;
  status?: number;
  /** The status and the server's text, e.g. `HTTP 500: upstream exploded`. */
  error: string;
}

/**
 * The server's own error text: `message` of the error body (`{ error: { message } }`, OpenAI and
 * Anthropic alike, or `{ message }`), else the SDK's message without its status prefix.
 */
export function serverMessageOf(body: unknown, sdkMessage: string, status: number | undefined): string {
  const b = body as { message?: unknown; error?: { message?: unknown } | string } | null | undefined;
  const inner = typeof b?.error === 'object' && b.error !== null ? b.error.message : typeof b?.error === 'string' ? b.error : undefined;
  const text = typeof inner === 'string' ? inner : typeof b?.message === 'string' ? b.message : undefined;
  return text?.trim() ? text.trim() : withoutStatusPrefix(sdkMessage, status);
}

/** An SDK's HTTP error (OpenAI's and Anthropic's `APIError` alike), as far as retrying is concerned. */
export function httpFailure(err: { status?: number; headers?: { get(name: string): string | null } | null; error?: unknown; message: string }): AttemptFailure {
  return {
    network: false,
    status: err.status,
    retryAfterMs: parseRetryAfter(err.headers?.get('retry-after')),
    message: serverMessageOf(err.error, err.message, err.status),
    ...(err.error !== undefined ? { body: err.error } : {}),
  };
}

/** Drops the `500 ` an SDK puts before the server's message, so the status is said once. */
export function withoutStatusPrefix(message: string, status: number | undefined): string {
  if (status === undefined) return message;
  const m = new RegExp(`^${status}\\s+(?:status code(?: \\(no body\\))?)?`).exec(message);
  return m ? message.slice(m[0].length).trim() || `status ${status}` : message;
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
  /** One try; `signal` is the try's own, aborted with the run's and let go when the try ends. */
  attempt: (signal: AbortSignal | undefined) => Promise<T>;
  classify: (err: unknown) => AttemptFailure | null;
  onRetry?: (info: RetryInfo) => void;
  /** The body of the request that failed (recorded with the final error; never headers). */
  request?: () => Record<string, unknown> | undefined;
}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const own = attemptSignal(opts.signal);
    try {
      return await opts.attempt(own?.signal);
    } catch (err) {
      const f = opts.classify(err);
      if (!f) throw err;
      const what = f.status !== undefined ? `HTTP ${f.status}` : 'network error';
      if (!isRetryable(f) || attempt > opts.maxRetries) {
        const tries = attempt > 1 ? ` after ${attempt} attempts` : '';
        const request = opts.request?.();
        throw new LlmError(`Model request to ${opts.endpoint} failed${tries}: ${what}: ${f.message}`, opts.endpoint, f.status, {
          serverMessage: f.message,
          attempts: attempt,
          ...(f.body !== undefined ? { body: f.body } : {}),
          ...(request ? { request } : {}),
        });
      }
      const delayMs = backoffDelay(attempt, f.retryAfterMs);
      opts.onRetry?.({ attempt, maxRetries: opts.maxRetries, delayMs, ...(f.status !== undefined ? { status: f.status } : {}), error: `${what}: ${f.message}` });
      await sleep(delayMs, opts.signal);
    } finally {
      own?.release();
    }
  }
}

/**
 * A signal for one request, aborted when the run's is. The SDKs add an abort listener to the
 * signal they are given and never take it off, so handing them the run's own signal left one
 * listener per model request on it (Node's "possible EventTarget memory leak" after ten); the
 * try's signal is dropped with its listener, and the link to the run's is removed here.
 */
function attemptSignal(run: AbortSignal | undefined): { signal: AbortSignal; release: () => void } | undefined {
  if (!run) return undefined;
  const own = new AbortController();
  if (run.aborted) own.abort(run.reason);
  const onAbort = (): void => own.abort(run.reason);
  run.addEventListener('abort', onAbort, { once: true });
  return { signal: own.signal, release: () => run.removeEventListener('abort', onAbort) };
}
