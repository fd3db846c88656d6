import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';

/**
 * A transport that shows every message it carries to `tap` (`out`: to the view, `in`: from it),
 * then passes it on unchanged: how each view↔window message reaches its server's Traffic view.
 */
export class TappedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];

  constructor(
    private readonly inner: Transport,
    private readonly tap: (direction: 'in' | 'out', message: JSONRPCMessage) => void,
  ) {}

  start(): Promise<void> {
    this.inner.onmessage = (m, extra) => {
      this.tap('in', m);
      this.onmessage?.(m, extra);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (e) => this.onerror?.(e);
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.tap('out', message);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
