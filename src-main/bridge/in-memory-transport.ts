import type { ClientTransport, HostTransport, HostToClient } from '../../src-shared/contract/wire';

/**
 * A connected client/host transport pair in one process, for tests. Messages are delivered
 * asynchronously and deep-copied (structuredClone), like a real wire would.
 */
export function createInMemoryTransportPair(): { client: ClientTransport; host: HostTransport } {
  const toHost = new Set<(m: unknown) => void>();
  const toClient = new Set<(m: HostToClient) => void>();
  const closeListeners = new Set<() => void>();
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    for (const l of [...closeListeners]) l();
  };
  const deliver = <T>(set: Set<(m: T) => void>, m: T): void => {
    if (closed) throw new Error('transport closed');
    const copy = structuredClone(m);
    queueMicrotask(() => {
      if (closed) return;
      for (const l of [...set]) l(copy);
    });
  };
  const onClose = (l: () => void): (() => void) => {
    closeListeners.add(l);
    return () => closeListeners.delete(l);
  };
  return {
    client: {
      send: (m) => deliver(toHost, m),
      onMessage: (l) => (toClient.add(l), () => toClient.delete(l)),
      onClose,
      close,
    },
    host: {
      send: (m) => deliver(toClient, m),
      onMessage: (l) => (toHost.add(l), () => toHost.delete(l)),
      onClose,
      close,
    },
  };
}
