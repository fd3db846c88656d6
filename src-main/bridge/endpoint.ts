import { BridgeError, type BridgeErrorInfo, type HostTransport } from '../../src-shared/contract/wire';
import { type BridgeEventName, type BridgeEvents } from '../../src-shared/contract/events';
import { type MethodArgs, type MethodCallArgs, type MethodName, type MethodResult } from '../../src-shared/contract/methods';
import { validateCall } from './validate-call';

/** Implements one method of the contract: it receives the arguments as the host parsed them (never re-checks them). */
export type MethodHandler<M extends MethodName> = (
  ...args: MethodArgs<M>
) => Promise<MethodResult<M>> | MethodResult<M>;

/** A set of method handlers, e.g. everything one feature provides. */
export type MethodHandlers = { [M in MethodName]?: MethodHandler<M> };

const KNOWN_CODES: ReadonlySet<string> = new Set(['UNKNOWN_METHOD', 'BAD_ARGS', 'BAD_MESSAGE', 'NOT_FOUND', 'BUSY', 'FAILED', 'CLOSED']);

/** Turns anything a handler threw into an error that may cross the bridge (no stacks). */
export function toBridgeErrorInfo(err: unknown): BridgeErrorInfo {
  if (err instanceof BridgeError) return { code: err.code, message: err.message };
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  return { code: typeof code === 'string' && KNOWN_CODES.has(code) ? (code as BridgeErrorInfo['code']) : 'FAILED', message };
}

/**
 * The transport-agnostic host of the bridge: validates every incoming call against the
 * contract's zod schemas once, at the edge (validate-call.ts), dispatches it to the registered handler, answers on the same connection, and
 * pushes events to every connection. Features register their handlers; transports (Electron
 * IPC, WebSocket, in-memory) only move messages.
 */
export class BridgeEndpoint {
  private readonly handlers = new Map<MethodName, (...args: unknown[]) => unknown>();
  private readonly connections = new Set<HostTransport>();
  private readonly children = new Set<BridgeEndpoint>();

  /**
   * `parent`: a host whose handlers answer what this one has none for (the methods every
   * connection shares), and whose `emit` reaches this host's connections too.
   */
  constructor(private readonly parent?: BridgeEndpoint) {
    parent?.children.add(this);
  }

  /** Stops hearing the parent's events (a connection's host going away). */
  detachFromParent(): void {
    this.parent?.children.delete(this);
  }

  /** Registers the handler of one method; returns a disposer. Throws if already registered. */
  register<M extends MethodName>(method: M, handler: MethodHandler<M>): () => void {
    if (this.handlers.has(method)) throw new Error(`bridge method ${method} already has a handler`);
    const h = handler as (...args: unknown[]) => unknown;
    this.handlers.set(method, h);
    return () => {
      if (this.handlers.get(method) === h) this.handlers.delete(method);
    };
  }

  /** Registers several handlers at once; returns one disposer for all. */
  registerAll(handlers: MethodHandlers): () => void {
    const offs = Object.entries(handlers).map(([m, h]) =>
      this.register(m as MethodName, h as MethodHandler<MethodName>),
    );
    return () => offs.forEach((off) => off());
  }

  /** Whether a method has a handler (here or in the parent). */
  has(method: MethodName): boolean {
    return this.handlers.has(method) || (this.parent?.has(method) ?? false);
  }

  private handlerOf(method: MethodName): ((...args: unknown[]) => unknown) | undefined {
    return this.handlers.get(method) ?? this.parent?.handlerOf(method);
  }

  /** Serves one connection until it closes; returns a disposer that detaches it. */
  connect(transport: HostTransport): () => void {
    this.connections.add(transport);
    const offMessage = transport.onMessage((message) => void this.handle(transport, message));
    const detach = (): void => {
      this.connections.delete(transport);
      offMessage();
      offClose?.();
    };
    const offClose = transport.onClose?.(detach);
    return detach;
  }

  /** Number of live connections. */
  get connectionCount(): number {
    return this.connections.size;
  }

  /** Pushes an event to every connection (and the children's). A connection that fails to send is dropped. */
  emit<E extends BridgeEventName>(name: E, payload: BridgeEvents[E]): void {
    for (const c of [...this.children]) c.emit(name, payload);
    for (const t of [...this.connections]) {
      try {
        t.send({ kind: 'event', name, payload });
      } catch {
        this.connections.delete(t);
      }
    }
  }

  /** Calls a method in-process, with the same validation (and parsing) as a remote call (tests, CLI). */
  async invoke<M extends MethodName>(method: M, ...args: MethodCallArgs<M>): Promise<MethodResult<M>> {
    const check = validateCall({ kind: 'call', id: 0, method, args });
    if (!check.ok) throw new BridgeError(check.error.code, check.error.message);
    const h = this.handlerOf(method);
    if (!h) throw new BridgeError('UNKNOWN_METHOD', `${method} is not available in this host.`);
    return (await h(...check.call.args)) as MethodResult<M>;
  }

  private async handle(transport: HostTransport, message: unknown): Promise<void> {
    const check = validateCall(message);
    if (!check.ok) {
      // A message without an id cannot be answered; drop it.
      if (check.id !== null) this.reply(transport, { kind: 'result', id: check.id, ok: false, error: check.error });
      return;
    }
    const { id, method, args } = check.call;
    const h = this.handlerOf(method);
    if (!h) {
      this.reply(transport, { kind: 'result', id, ok: false, error: { code: 'UNKNOWN_METHOD', message: `${method} is not available in this host.` } });
      return;
    }
    try {
      const value = await h(...args);
      this.reply(transport, { kind: 'result', id, ok: true, value: value === undefined ? null : value });
    } catch (err) {
      this.reply(transport, { kind: 'result', id, ok: false, error: toBridgeErrorInfo(err) });
    }
  }

  private reply(transport: HostTransport, msg: Parameters<HostTransport['send']>[0]): void {
    try {
      transport.send(msg);
    } catch {
      this.connections.delete(transport);
    }
  }
}
