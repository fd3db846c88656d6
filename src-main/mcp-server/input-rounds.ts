import { randomBytes, randomUUID } from 'node:crypto';
import {
  CLIENT_CAPABILITIES_META_KEY,
  createRequestStateCodec,
  inputRequired,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type ClientCapabilities,
  type CreateMessageResult,
  type ElicitResult,
  type InputRequest,
  type InputRequiredResult,
  type Root,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { ClientCapabilityMissing, withMcpCaller, type McpCaller } from '../core/mcp/common/caller';

/** How long a call that asked its client waits for the answer before it is stopped. */
export const DEFAULT_ROUND_TTL_MS = 10 * 60_000;
/** Most calls waiting for their client at once (each holds a running tool). */
export const DEFAULT_MAX_PENDING = 256;

type Step<R> = { kind: 'done'; value: R } | { kind: 'failed'; error: unknown } | { kind: 'input' };

interface Ask {
  request: InputRequest;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/** The state carried in `requestState` (sealed): which suspended call an answer belongs to. */
interface SealedState {
  x: string;
  /** The round it was minted for: a state from an earlier round is stale. */
  r: number;
}

/**
 * One request whose code is running and may be waiting for its client. Its answers arrive in
 * later rounds (2026-07-28: the client retries with `inputResponses`; 2025-11-25: the SDK's shim
 * sends real requests and re-enters the handler), each of which resumes the same run.
 */
class Exchange<R> {
  readonly id = randomUUID();
  /** Why this exchange stopped taking answers (expiry, a cancelled round, shutdown). */
  private stopped?: Error;
  readonly outstanding = new Map<string, Ask>();
  private keys = 0;
  private result?: Step<R>;
  private waiter?: (s: Step<R>) => void;
  private flushing = false;
  expiry?: NodeJS.Timeout;
  /** Rounds that ended asking for input so far. */
  round = 0;
  /** The request of the round being served now (its stream carries the run's notifications). */
  current!: ServerContext;

  constructor(
    readonly era: 'legacy' | 'modern',
    readonly capabilities: ClientCapabilities | undefined,
    private readonly presupplied: Record<string, unknown>,
  ) {}

  ask(request: InputRequest, key: string | undefined): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const k = key ?? `input_${++this.keys}`;
    if (Object.prototype.hasOwnProperty.call(this.presupplied, k)) {
      const v = this.presupplied[k];
      delete this.presupplied[k];
      return Promise.resolve(v);
    }
    return new Promise((resolve, reject) => {
      this.outstanding.set(k, { request, resolve, reject });
      this.scheduleFlush();
    });
  }

  /** Hands a round's answers to the questions waiting for them; unknown keys are ignored. */
  deliver(responses: Record<string, unknown>): void {
    for (const [k, ask] of [...this.outstanding]) {
      if (!Object.prototype.hasOwnProperty.call(responses, k)) continue;
      this.outstanding.delete(k);
      ask.resolve(responses[k]);
    }
    this.scheduleFlush();
  }

  // Questions asked together (Promise.all) go out in one round: the round closes a turn of the
  // event loop after the last one.
  private scheduleFlush(): void {
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      if (this.outstanding.size && this.waiter && !this.result) {
        const w = this.waiter;
        this.waiter = undefined;
        w({ kind: 'input' });
      }
    });
  }

  /**
   * Stops the exchange: every open question fails with `err`, so the code waiting on one ends
   * (a tool gets an error result nobody reads). The run has no abort signal of its own — one
   * AbortController per call was measurable on the fast path of calls that never ask.
   */
  stop(err: Error): void {
    if (this.stopped) return;
    this.stopped = err;
    for (const [k, ask] of [...this.outstanding]) {
      this.outstanding.delete(k);
      ask.reject(err);
    }
  }

  finish(step: Step<R>): void {
    if (this.result) return;
    this.result = step;
    const w = this.waiter;
    this.waiter = undefined;
    w?.(step);
  }

  next(): Promise<Step<R>> {
    if (this.result) return Promise.resolve(this.result);
    return new Promise((resolve) => {
      this.waiter = resolve;
      if (this.outstanding.size) this.scheduleFlush();
    });
  }
}

/**
 * Serves requests whose code may ask the client for something (elicitation, sampling, roots)
 * in either era: the code runs once, its questions become `input_required` rounds, and the
 * answers resume it where it waits. The request state names the suspended run and is sealed
 * (HMAC), so a client cannot point an answer at another run or forge one; a call left without
 * an answer is stopped after `ttlMs`.
 */
export class InputRounds {
  private readonly exchanges = new Map<string, Exchange<unknown>>();
  private readonly codec;

  constructor(
    private readonly ttlMs = DEFAULT_ROUND_TTL_MS,
    private readonly maxPending = DEFAULT_MAX_PENDING,
  ) {
    this.codec = createRequestStateCodec<SealedState>({ key: randomBytes(32), ttlSeconds: Math.ceil(ttlMs / 1000) });
  }

  /** The server's `requestState.verify`: tampered or expired state is refused before any handler runs. */
  readonly verify = (state: string, ctx: ServerContext): Promise<SealedState> => this.codec.verify(state, ctx);

  /** Runs suspended for an answer right now. */
  get pending(): number {
    return this.exchanges.size;
  }

  /**
   * Serves one round of a request: the first round starts `run`, later ones (with sealed state)
   * hand their answers to it. Resolves with its result, or with the questions still open.
   */
  async serve<R>(
    ctx: ServerContext,
    era: 'legacy' | 'modern',
    legacyCapabilities: () => ClientCapabilities | undefined,
    run: (signal: AbortSignal, current: () => ServerContext) => Promise<R>,
  ): Promise<R | InputRequiredResult> {
    let ex: Exchange<R>;
    const state = ctx.mcpReq.requestState<SealedState>();
    if (state !== undefined) {
      const sealed = typeof state === 'object' && state !== null ? (state as SealedState) : undefined;
      const found = sealed?.x ? this.exchanges.get(sealed.x) : undefined;
      if (!found) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid or expired requestState: the call it belongs to is over');
      // Answers go to the round they were asked in; replaying an older round's state is refused.
      if (sealed!.r !== found.round) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid or expired requestState: it belongs to an earlier round of this call');
      ex = found as Exchange<R>;
      clearTimeout(ex.expiry);
      ex.current = ctx;
      ex.deliver(ctx.mcpReq.inputResponses ?? {});
    } else {
      const capabilities = era === 'modern' ? ((ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) : legacyCapabilities();
      ex = new Exchange<R>(era, capabilities, { ...(ctx.mcpReq.inputResponses ?? {}) });
      ex.current = ctx;
      const started = ex;
      // The first round's signal is the run's: a client that cancels that request stops it.
      withMcpCaller(this.callerOf(started), () => run(ctx.mcpReq.signal, () => started.current)).then(
        (value) => started.finish({ kind: 'done', value }),
        (error: unknown) => started.finish({ kind: 'failed', error }),
      );
    }
    // A client that cancels a later round (or drops its stream) stops the questions.
    const onAbort = () => ex.stop(new Error('the request was cancelled'));
    if (state !== undefined) ctx.mcpReq.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const step = await ex.next();
      if (step.kind !== 'input') {
        this.exchanges.delete(ex.id);
        if (step.kind === 'failed') throw step.error;
        return step.value;
      }
      if (!this.exchanges.has(ex.id) && this.exchanges.size >= this.maxPending) {
        // A client that starts calls and never answers must not pile up running tools.
        const err = new Error(`too many calls are waiting for their client's answer (${this.maxPending}); answer or cancel some first`);
        ex.stop(err);
        throw new ProtocolError(ProtocolErrorCode.InternalError, err.message);
      }
      this.exchanges.set(ex.id, ex as Exchange<unknown>);
      ex.expiry = setTimeout(() => {
        this.exchanges.delete(ex.id);
        ex.stop(new Error('no answer from the MCP client in time'));
      }, this.ttlMs);
      ex.expiry.unref();
      const inputRequests = Object.fromEntries([...ex.outstanding].map(([k, a]) => [k, a.request]));
      ex.round++;
      return inputRequired({ inputRequests, requestState: await this.codec.mint({ x: ex.id, r: ex.round }, ctx) });
    } finally {
      ctx.mcpReq.signal.removeEventListener('abort', onAbort);
    }
  }

  private callerOf<R>(ex: Exchange<R>): McpCaller {
    const need = (capability: 'elicitation' | 'sampling' | 'roots', what: string): void => {
      if (ex.capabilities?.[capability]) return;
      const missing = new ClientCapabilityMissing(capability, what);
      if (ex.era === 'modern') {
        // 2026-07-28: the request fails with the spec's error; the run gets the throw below.
        ex.finish({ kind: 'failed', error: new MissingRequiredClientCapabilityError({ requiredCapabilities: { [capability]: {} } }, missing.message) });
        ex.stop(missing);
      }
      throw missing;
    };
    return {
      era: ex.era,
      capabilities: ex.capabilities,
      elicit: async (params, opts) => {
        need('elicitation', 'for input');
        return (await ex.ask(inputRequired.elicit(params), opts?.key)) as ElicitResult;
      },
      sample: async (params, opts) => {
        need('sampling', 'for a completion');
        return (await ex.ask(inputRequired.createMessage(params), opts?.key)) as CreateMessageResult;
      },
      roots: async (opts) => {
        need('roots', 'for its roots');
        const r = (await ex.ask(inputRequired.listRoots(), opts?.key)) as { roots?: Root[] } | undefined;
        return Array.isArray(r?.roots) ? r.roots : [];
      },
    };
  }

  /** Stops every suspended run. */
  close(): void {
    for (const ex of this.exchanges.values()) {
      clearTimeout(ex.expiry);
      ex.stop(new Error('the server is shutting down'));
    }
    this.exchanges.clear();
  }
}
