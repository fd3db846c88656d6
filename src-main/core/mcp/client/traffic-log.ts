import type { FetchLike, Transport } from '@modelcontextprotocol/client';
import { SecretRedactor } from '../../secrets/redactor';
import { redactWireText, redactWireValue } from '../../secrets/wire-redaction';
import type { McpTrafficView } from '../../../../src-shared/contract/mcp-inspector-views';

/** Entries kept per server; the oldest go first. */
export const TRAFFIC_LOG_LIMIT = 2_000;
/** Base64 data longer than this (≈ 12 KB) is kept in the log as its size only. */
export const LARGE_DATA_CHARS = 16_384;

/** One thing that crossed the wire, in arrival order (the shape the MCP pane's Traffic tab shows). */
export type McpTrafficEntry = McpTrafficView;

/** An entry before the log numbers it. */
export type McpTrafficInput = McpTrafficEntry extends infer E ? (E extends McpTrafficEntry ? Omit<E, 'seq' | 'ts'> : never) : never;

const SHOWN_REQUEST_HEADER = /^(mcp-|last-event-id$|accept$|content-type$|authorization$)/i;
const SHOWN_RESPONSE_HEADER = /^(mcp-|content-type$|www-authenticate$|retry-after$)/i;

function pickHeaders(h: Headers, shown: RegExp, custom: Set<string>, redactor: SecretRedactor): Record<string, string> {
  const out: Record<string, string> = {};
  h.forEach((value, name) => {
    if (shown.test(name) || custom.has(name.toLowerCase())) out[name] = redactWireText(redactor, value);
  });
  return out;
}

/**
 * Every JSON-RPC message in and out of one server, and every HTTP exchange under them, in the
 * order they happened, with secrets masked. Attached to a transport before connect, so the
 * discovery, the handshake and the lists are in it too.
 */
export class McpTrafficLog {
  private readonly list: McpTrafficEntry[] = [];
  private readonly listeners = new Set<(e: McpTrafficEntry) => void>();
  private seq = 0;
  /** The revision in use; set once the era is known. */
  protocolVersion?: string;
  /** The server's secrets (core/secrets serverSecrets), hidden in every entry as it is read. */
  redactor = new SecretRedactor([]);
  /** The method of the last request sent (names the handshake step that failed). */
  lastRequestMethod?: string;
  /** Tool names the server's `tools/list` answers carried (before the SDK drops invalid ones). */
  listedToolNames: string[] = [];
  private readonly toolListIds = new Set<string | number>();
  /** Lower-cased names of the headers the config adds (shown, values masked). */
  customHeaders = new Set<string>();

  constructor(private readonly limit = TRAFFIC_LOG_LIMIT) {}

  /** Starts a new connection attempt: the era is not known yet. */
  reset(): void {
    this.protocolVersion = undefined;
    this.offered = undefined;
    this.lastRequestMethod = undefined;
  }

  /** Adds an entry (stamped with seq, time and the revision in use). */
  record(input: McpTrafficInput): McpTrafficEntry {
    const entry = { ...input, seq: ++this.seq, ts: Date.now() } as McpTrafficEntry;
    if (entry.protocolVersion === undefined && this.protocolVersion) entry.protocolVersion = this.protocolVersion;
    // Messages are masked when read, not on every call: the log must cost a call next to nothing.
    if (entry.kind === 'message') this.unmasked.add(entry);
    this.list.push(entry);
    if (this.list.length > this.limit) for (const old of this.list.splice(0, this.list.length - this.limit)) this.unmasked.delete(old);
    if (this.listeners.size) {
      const shown = this.masked(entry);
      for (const l of [...this.listeners]) {
        try {
          l(shown);
        } catch {
          // A failing viewer must not break the connection.
        }
      }
    }
    return entry;
  }

  private readonly unmasked = new Set<McpTrafficEntry>();

  private masked(entry: McpTrafficEntry): McpTrafficEntry {
    if (entry.kind === 'message' && this.unmasked.delete(entry)) entry.message = redactWireValue(this.redactor, entry.message);
    return entry;
  }

  /** The entries kept, oldest first, secrets masked; `after` skips those up to that seq (for polling). */
  entries(after = 0): McpTrafficEntry[] {
    return (after ? this.list.filter((e) => e.seq > after) : [...this.list]).map((e) => this.masked(e));
  }

  /** Calls `fn` with each new entry; returns the unsubscribe function. */
  onEntry(fn: (e: McpTrafficEntry) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /**
   * Records what the transport sends and receives. `callIdOf` names the call a message
   * belongs to (the caller knows which call is sending). Incoming messages are recorded
   * before the SDK sees them, so order is arrival order.
   */
  attach(transport: Transport, callIdOf: (message: unknown, direction: 'in' | 'out') => string | undefined): void {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      this.recordMessage('out', message, callIdOf(message, 'out'));
      return send(message, options);
    };
    let handler = transport.onmessage;
    // The SDK assigns onmessage in connect(): a property keeps our observer in front of it.
    Object.defineProperty(transport, 'onmessage', {
      configurable: true,
      enumerable: true,
      get: () => (handler ? observed : undefined),
      set: (fn: Transport['onmessage']) => {
        handler = fn;
      },
    });
    const observed: NonNullable<Transport['onmessage']> = (message, extra) => {
      try {
        this.recordMessage('in', message, callIdOf(message, 'in'));
      } catch {
        // Observing is best effort; the protocol must still get the message.
      }
      handler?.call(transport, message, extra);
    };
  }

  /** Before the era is settled: the revision the handshake offers (2026 `_meta` envelope, 2025 `initialize`). */
  private offered?: string;

  /**
   * The message as the log keeps it: base64 data over LARGE_DATA_CHARS (images, audio, blobs of
   * a result or of resource contents) is replaced by its size, so 2,000 screenshots do not stay
   * in memory. A copy when something is cut; the SDK's own message is never touched.
   */
  private kept(message: unknown): unknown {
    const result = (message as { result?: { content?: unknown; contents?: unknown } }).result;
    if (!result || typeof result !== 'object') return message;
    let cut = false;
    const trim = (list: unknown): unknown => {
      if (!Array.isArray(list)) return list;
      return list.map((b) => {
        const block = b as Record<string, unknown> & { resource?: Record<string, unknown> };
        for (const key of ['data', 'blob']) {
          const v = block?.[key];
          if (typeof v === 'string' && v.length > LARGE_DATA_CHARS) {
            cut = true;
            return { ...block, [key]: `[${Math.floor((v.length * 3) / 4)} bytes of base64 data, not kept in the traffic log]` };
          }
        }
        const inner = block?.resource?.blob;
        if (typeof inner === 'string' && inner.length > LARGE_DATA_CHARS) {
          cut = true;
          return { ...block, resource: { ...block.resource, blob: `[${Math.floor((inner.length * 3) / 4)} bytes of base64 data, not kept in the traffic log]` } };
        }
        return b;
      });
    };
    const content = trim(result.content);
    const contents = trim(result.contents);
    if (!cut) return message;
    return { ...(message as object), result: { ...result, ...(result.content !== undefined ? { content } : {}), ...(result.contents !== undefined ? { contents } : {}) } };
  }

  private recordMessage(direction: 'in' | 'out', message: unknown, callId: string | undefined): void {
    const m = message as { method?: unknown; id?: unknown; params?: { protocolVersion?: unknown; _meta?: Record<string, unknown> } };
    if (!this.protocolVersion && direction === 'out') {
      const claimed = m.params?._meta?.['io.modelcontextprotocol/protocolVersion'] ?? (m.method === 'initialize' ? m.params?.protocolVersion : undefined);
      if (typeof claimed === 'string') this.offered = claimed;
    }
    if (direction === 'out' && typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number')) {
      this.lastRequestMethod = m.method;
      if (m.method === 'tools/list') this.toolListIds.add(m.id);
    } else if (direction === 'in' && (typeof m.id === 'string' || typeof m.id === 'number') && this.toolListIds.delete(m.id)) {
      const listed = (message as { result?: { tools?: Array<{ name?: unknown }> } }).result?.tools;
      if (Array.isArray(listed)) for (const t of listed) if (typeof t?.name === 'string') this.listedToolNames.push(t.name);
    }
    this.record({
      kind: 'message',
      direction,
      message: direction === 'in' ? this.kept(message) : message,
      ...(typeof m.method === 'string' ? { method: m.method } : {}),
      ...(typeof m.id === 'string' || typeof m.id === 'number' ? { id: m.id } : {}),
      ...(callId ? { callId } : {}),
      ...(!this.protocolVersion && this.offered ? { protocolVersion: this.offered } : {}),
    });
  }

  /** A fetch that records each HTTP exchange (status, Mcp-* headers) before passing the response on. */
  observingFetch(inner: FetchLike = fetch): FetchLike {
    return async (url, init) => {
      const method = init?.method ?? 'GET';
      const requestHeaders = pickHeaders(new Headers(init?.headers), SHOWN_REQUEST_HEADER, this.customHeaders, this.redactor);
      const where = redactWireText(this.redactor, String(url));
      try {
        const res = await inner(url, init);
        this.record({ kind: 'http', method, url: where, status: res.status, requestHeaders, responseHeaders: pickHeaders(res.headers, SHOWN_RESPONSE_HEADER, this.customHeaders, this.redactor) });
        return res;
      } catch (err) {
        this.record({ kind: 'http', method, url: where, requestHeaders, responseHeaders: {}, error: redactWireText(this.redactor, err instanceof Error ? err.message : String(err)) });
        throw err;
      }
    };
  }
}

/** The log entry of a message between one of a server's MCP App views and the window (`in`: from the view). */
export function viewTrafficInput(direction: 'in' | 'out', message: unknown, callId?: string): McpTrafficInput {
  const m = (message && typeof message === 'object' ? message : {}) as { method?: unknown; id?: unknown };
  return {
    kind: 'message',
    channel: 'view',
    direction,
    message,
    ...(typeof m.method === 'string' ? { method: m.method } : {}),
    ...(typeof m.id === 'string' || typeof m.id === 'number' ? { id: m.id } : {}),
    ...(callId ? { callId } : {}),
  };
}
