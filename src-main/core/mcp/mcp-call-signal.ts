type AbortListener = ((event: Event) => unknown) | { handleEvent(event: Event): unknown };

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
 * `mcp-call-signal.test.ts` runs it through a real SDK client and server, so an SDK that starts
 * using more of the signal fails there.
 */
export class McpCallSignal {
  aborted = false;
  reason: unknown = undefined;
  private listeners: AbortListener[] | undefined;
  private linked: AbortSignal | undefined;

  /** Follows `signal` until `unlink()`: aborts now if it already is, else when it aborts. */
  link(signal: AbortSignal): this {
    if (signal.aborted) this.abort(signal.reason);
    else {
      this.linked = signal;
      signal.addEventListener('abort', this);
    }
    return this;
  }

  /** Stops following the linked signal (call when the request has settled). */
  unlink(): void {
    this.linked?.removeEventListener('abort', this);
    this.linked = undefined;
  }

  /** EventListener of the linked signal (an object listener: no closure per call). */
  handleEvent(): void {
    const from = this.linked;
    this.linked = undefined;
    this.abort(from?.reason);
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
