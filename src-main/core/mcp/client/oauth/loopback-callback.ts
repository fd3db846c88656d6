import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Why waiting for the browser's redirect ended without a usable answer. */
export class CallbackError extends Error {
  constructor(
    message: string,
    readonly kind: 'state' | 'timeout' | 'aborted',
  ) {
    super(message);
    this.name = 'CallbackError';
  }
}

function answer(res: ServerResponse, status: number, text: string): void {
  // Plain text: nothing from the query is ever rendered as HTML.
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    Connection: 'close',
  });
  res.end(text + '\n');
}

/**
 * The loopback redirect target of a sign-in (RFC 8252 §7.3): a tiny HTTP server on
 * 127.0.0.1 that takes one redirect to `/callback`, checks its `state`, and closes. The
 * browser's page waits for {@link LoopbackCallback.reply}: the code is only worth something once
 * the token exchange (and its `iss` check) is over, so the page says what the CLI says.
 */
export class LoopbackCallback {
  private settle?: { resolve: (p: URLSearchParams) => void; reject: (e: Error) => void };
  private expectedState?: string;
  /** How the wait ended; set once. */
  private outcome?: { params?: URLSearchParams; error?: Error };
  /** The browser's request that brought the code, answered by {@link reply}. */
  private pending?: ServerResponse;

  private constructor(
    private readonly server: Server,
    /** The port it listens on. */
    readonly port: number,
    private readonly label: string,
  ) {
    server.on('request', (req, res) => this.onRequest(req, res));
  }

  /** Listens on 127.0.0.1:`port` (0: a free port). Rejects when the port is taken. */
  static listen(port: number, label: string): Promise<LoopbackCallback> {
    return new Promise((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve(new LoopbackCallback(server, (server.address() as AddressInfo).port, label));
      });
    });
  }

  /** The redirect URI to register and send: `http://127.0.0.1:PORT/callback`. */
  get redirectUrl(): string {
    return `http://127.0.0.1:${this.port}/callback`;
  }

  /** Sets the `state` the redirect must carry (before the browser is sent off). */
  expect(state: string): void {
    this.expectedState = state;
  }

  private finish(outcome: { params?: URLSearchParams; error?: Error }): void {
    if (this.outcome) return;
    this.outcome = outcome;
    if (this.settle) {
      if (outcome.error) this.settle.reject(outcome.error);
      else this.settle.resolve(outcome.params!);
      this.settle = undefined;
    }
    // No new requests; the one waiting for its page stays open until reply().
    if (this.server.listening) this.server.close();
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/callback') {
      answer(res, 404, 'Not found.');
      return;
    }
    if (this.outcome) {
      answer(res, 409, 'This sign-in is over. Return to Glassbox.');
      return;
    }
    const params = url.searchParams;
    if (!this.expectedState || params.get('state') !== this.expectedState) {
      // Ignored, not fatal: any page on this machine can send the browser here, and a forged
      // request must not cancel the user's sign-in. The real redirect still gets through.
      answer(res, 400, `Glassbox: this request did not carry the state of the sign-in to ${this.label}, so it was ignored (it may not come from your sign-in). If you are signing in, finish in the tab the sign-in opened.`);
      return;
    }
    if (params.get('error')) {
      answer(res, 200, `Glassbox: the sign-in to ${this.label} was not completed. You can close this tab and return to Glassbox.`);
    } else {
      this.pending = res;
    }
    this.finish({ params });
  }

  /**
   * Answers the browser's page once the code was redeemed (or was not): `ok`, or the reason
   * Glassbox gives (the same words as the CLI and the window). Plain text: a reason that quotes
   * the redirect is never rendered as HTML.
   */
  reply(result: { ok: true } | { ok: false; reason: string }): void {
    const res = this.pending;
    if (!res) return;
    this.pending = undefined;
    if (result.ok) answer(res, 200, `Glassbox: signed in to ${this.label}. You can close this tab and return to Glassbox.`);
    else answer(res, 200, `Glassbox: the sign-in to ${this.label} failed: ${result.reason}\nYou can close this tab and return to Glassbox.`);
  }

  /** The query of the redirect, once it came with the right `state`. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<URLSearchParams> {
    if (this.outcome) return this.outcome.error ? Promise.reject(this.outcome.error) : Promise.resolve(this.outcome.params!);
    return new Promise<URLSearchParams>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.finish({ error: new CallbackError(`no redirect came back from the browser within ${Math.round(timeoutMs / 1000)} s`, 'timeout') });
      }, timeoutMs);
      const onAbort = () => this.finish({ error: new CallbackError('the sign-in was cancelled', 'aborted') });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.settle = {
        resolve: (p) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(p);
        },
        reject: (e) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
      };
      if (signal?.aborted) onAbort();
    });
  }

  /** Stops listening (idempotent). An answer being sent still goes out (it says `Connection: close`). */
  close(): Promise<void> {
    // A page still waiting must not hang: whoever closes without a reply did not finish the sign-in.
    this.reply({ ok: false, reason: 'it ended before the code was redeemed.' });
    return new Promise((resolve) => {
      if (!this.server.listening) return resolve();
      this.server.close(() => resolve());
      this.server.closeIdleConnections();
    });
  }
}
