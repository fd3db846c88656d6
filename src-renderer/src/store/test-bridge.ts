import type { GlassboxApi } from '../../../src-shared/contract/client';

/** A bridge for store tests: the methods a test gives, events it emits; anything else fails loudly. */
export interface TestBridge {
  api: GlassboxApi;
  /** Delivers an event (`'agent.event'`, `'sessions.switched'`, …) to the store's listeners. */
  emit(event: string, payload: unknown): void;
  /** How many listeners an event has (0 once the store unsubscribed). */
  listeners(event: string): number;
  /** The calls made, as `ns.method` with their arguments. */
  calls: Array<{ method: string; args: unknown[] }>;
}

/** Builds a test bridge answering `methods` (`{ 'edits.list': () => [...] }`). */
export function testBridge(methods: Record<string, (...args: never[]) => unknown>): TestBridge {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const calls: TestBridge['calls'] = [];
  const ns = (n: string): Record<string, unknown> =>
    new Proxy(
      {},
      {
        get(_t, member: string) {
          if (member.startsWith('on')) {
            const event = `${n}.${member[2]!.toLowerCase()}${member.slice(3)}`;
            return (l: (p: unknown) => void) => {
              const set = listeners.get(event) ?? new Set();
              listeners.set(event, set);
              set.add(l);
              return () => set.delete(l);
            };
          }
          const method = `${n}.${member}`;
          return async (...args: unknown[]) => {
            calls.push({ method, args });
            const impl = methods[method] as ((...a: unknown[]) => unknown) | undefined;
            if (!impl) throw new Error(`${method} is not part of this test`);
            return impl(...args);
          };
        },
      },
    );
  const api = new Proxy({}, { get: (_t, n: string) => ns(n) }) as GlassboxApi;
  return {
    api,
    calls,
    emit: (event, payload) => listeners.get(event)?.forEach((l) => l(payload)),
    listeners: (event) => listeners.get(event)?.size ?? 0,
  };
}
