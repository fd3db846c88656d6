import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import { listenedUris } from './http-server';

/**
 * A transport that passes everything through and reports the resource URIs of each
 * `subscriptions/listen` request it carries (a 2026-era client's subscription), so the files
 * behind them can be watched. The SDK's stdio entry answers the request itself.
 */
export class ListenSpyTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;

  constructor(
    private readonly inner: Transport,
    private readonly onListen: (uris: string[]) => void,
  ) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  async start(): Promise<void> {
    this.inner.onmessage = ((message: JSONRPCMessage, extra?: unknown) => {
      const uris = listenedUris(message);
      if (uris.length) this.onListen(uris);
      (this.onmessage as ((m: JSONRPCMessage, e?: unknown) => void) | undefined)?.(message, extra);
    }) as Transport['onmessage'];
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (e) => this.onerror?.(e);
    await this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
