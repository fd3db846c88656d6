type AbortListener = ((event: Event) => unknown) | { handleEvent(event: Event): unknown };

/**
 * The handles following each caller signal. A signal gets one `abort` listener, on the first
 * call that links to it, however many calls follow it: adding and removing a listener on a Node
 * AbortSignal costs ≈ 1.2 µs of CPU per call, a Set ≈ 0.1 µs. The listener fires once and
 * stays until then (a run's signal lives as long as the run); the map holds signals weakly.
 */
const followers = new WeakMap<AbortSignal, Set<McpCallSignal>>();

function callsFollowing(signal: AbortSignal): Set<McpCallSignal> {
  let calls = followers.get(signal);
  if (!calls) {
    const set = new Set<McpCallSignal>();
    signal.addEventListener('abort', () => {
      for (const call of [...set]) call.abort(signal.reason);
      set.clear();
    }, { once: true });
    followers.set(signal, (calls = set));
  }
  return calls;
}

/**
 * The cancel handle one MCP call gives the SDK's `request()` in place of a per-call
 * AbortController, linked to the caller's signal for the duration of the call.
 *
 * Why not the caller's signal: SDK 1.32's Protocol.request adds an `abort` listener to the signal
 * it gets and never removes it, and a run's signal is shared by all of its calls (listeners
 * would pile up for the whole run). Why not a fresh AbortController: on Node 20 building its
 * AbortSignal and the first listener costs ~7–10 µs of CPU per call, the largest single thing
 * Glassbox added to an MCP call. The SDK only reads `aborted` and `reason` and calls
 * `throwIfAborted()` and `addEventListener('abort', …)` on request options' signal (it never hands
 * it to a transport or to fetch); this object offers exactly that, plus `removeEventListener`.
 * `call-signal.test.ts` runs it through a real SDK client and server, so an SDK that starts
 * using more of the signal fails there.
 */
export class McpCallSignal {
  aborted = false;
  reason: unknown = undefined;
  private listeners: AbortListener[] | undefined;
  private following: Set<McpCallSignal> | undefined;

  /** Follows `signal` until `unlink()`: aborts now if it already is, else when it aborts. */
  link(signal: AbortSignal): this {
    if (signal.aborted) this.abort(signal.reason);
    else (this.following = callsFollowing(signal)).add(this);
    return this;
  }

  /** Stops following the linked signal (call when the request has settled). */
  unlink(): void {
    this.following?.delete(this);
    this.following = undefined;
  }

  /** Aborts once: sets `aborted`/`reason` and calls the listeners, like AbortController.abort. */
  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason;
    const listeners = this.listeners;
    this.listeners = undefined;
    if (!listeners) return;
    const event = new Event('abort');
    for (const l of listeners) {
      if (typeof l === 'function') l.call(this, event);
      else l.handleEvent(event);
    }
  }

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }

  addEventListener(type: string, listener: AbortListener | null): void {
    if (type !== 'abort' || !listener || this.aborted) return;
    (this.listeners ??= []).push(listener);
  }

  removeEventListener(type: string, listener: AbortListener | null): void {
    if (type !== 'abort' || !listener || !this.listeners) return;
    const i = this.listeners.indexOf(listener);
    if (i >= 0) this.listeners.splice(i, 1);
  }

  /**
   * This object typed as the AbortSignal the SDK's RequestOptions declare. It implements only
   * the part of AbortSignal the SDK uses (see the class comment), hence the cast.
   */
  asAbortSignal(): AbortSignal {
    return this as unknown as AbortSignal;
  }
}
