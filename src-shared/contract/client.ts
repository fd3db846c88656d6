/**
 * The client runtime: builds the domain object the renderer talks to (`api.agent.send(text)`,
 * `api.agent.onEvent(listener)`) from the method and event tables, over any link; and the
 * link over a message transport (numbering calls, matching results, fanning out events).
 */
import { EVENT_NAMES, type BridgeEventName, type BridgeEvents } from './events';
import { METHOD_NAMES, type MethodCallArgs, type MethodName, type MethodResult } from './methods';
import { BridgeError, type ClientTransport } from './wire';

type Namespace<K extends string> = K extends `${infer N}.${string}` ? N : never;

/** `api.<ns>.<method>(...args)`. */
type MethodsOf<N extends string> = {
  [K in MethodName as K extends `${N}.${infer M}` ? M : never]: (...args: MethodCallArgs<K>) => Promise<MethodResult<K>>;
};

/** `api.<ns>.on<Name>(listener)` → disposer. */
type EventsOf<N extends string> = {
  [K in BridgeEventName as K extends `${N}.${infer E}` ? `on${Capitalize<E>}` : never]: (
    listener: (payload: BridgeEvents[K]) => void,
  ) => () => void;
};

/** The domain object the renderer talks to (`window.glassbox` in Electron). */
export type GlassboxApi = {
  [N in Namespace<MethodName> | Namespace<BridgeEventName>]: MethodsOf<N> & EventsOf<N>;
};

/** What `createClientApi` needs: call a method, listen to an event. */
export interface ClientLink {
  call(method: MethodName, args: unknown[]): Promise<unknown>;
  listen(name: BridgeEventName, listener: (payload: unknown) => void): () => void;
}

/** `onFoo` for event `ns.foo`. */
export function listenerKey(event: BridgeEventName): string {
  const member = event.slice(event.indexOf('.') + 1);
  return `on${member[0]!.toUpperCase()}${member.slice(1)}`;
}

/**
 * Builds the domain object from the contract over any link. Every method and event of the
 * contract appears exactly once; nothing else does.
 */
export function createClientApi(link: ClientLink): GlassboxApi {
  const api: Record<string, Record<string, unknown>> = {};
  const ns = (name: string): Record<string, unknown> => (api[name] ??= {});
  for (const method of METHOD_NAMES) {
    const [n, m] = method.split('.') as [string, string];
    ns(n)[m] = (...args: unknown[]) => link.call(method, args);
  }
  for (const event of EVENT_NAMES) {
    const n = event.slice(0, event.indexOf('.'));
    ns(n)[listenerKey(event)] = (listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${event}: listener must be a function`);
      return link.listen(event, listener);
    };
  }
  return api as unknown as GlassboxApi;
}

/** The shape of the API as plain names (`agent.send`, `agent.onEvent`, …), sorted. Tests compare it. */
export function contractSurface(): string[] {
  const names = [...METHOD_NAMES.map(String), ...EVENT_NAMES.map((e) => `${e.slice(0, e.indexOf('.'))}.${listenerKey(e)}`)];
  return names.sort();
}

/**
 * A client link over a message transport: numbers calls, matches results, fans out events.
 * Used by the web renderer (WebSocket), the preload (IPC) and tests (in-memory pair).
 */
export function createTransportLink(transport: ClientTransport): ClientLink & { dispose(): void } {
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const off = transport.onMessage((msg) => {
    if (msg.kind === 'result') {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.ok) p.resolve(msg.value);
      else p.reject(new BridgeError(msg.error.code, msg.error.message));
    } else if (msg.kind === 'event') {
      for (const l of [...(listeners.get(msg.name) ?? [])]) {
        try {
          l(msg.payload);
        } catch (err) {
          // A broken listener must not stop the others.
          console.error(`[glassbox] listener for ${msg.name} failed:`, err);
        }
      }
    }
  });
  const failAll = (): void => {
    for (const p of pending.values()) p.reject(new BridgeError('CLOSED', 'The connection to Glassbox closed.'));
    pending.clear();
  };
  const offClose = transport.onClose?.(failAll);
  return {
    call(method, args) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        try {
          transport.send({ kind: 'call', id, method, args });
        } catch (err) {
          pending.delete(id);
          reject(new BridgeError('CLOSED', (err as Error).message));
        }
      });
    },
    listen(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    dispose() {
      off();
      offClose?.();
      failAll();
    },
  };
}
