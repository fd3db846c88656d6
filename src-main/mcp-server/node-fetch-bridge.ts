import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A web `Request` for a Node request whose body was already read. Its signal aborts when the
 * client goes away before the response is done (the SDK stops the request's work then).
 */
export function toWebRequest(req: IncomingMessage, res: ServerResponse, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else headers.set(k, v);
  }
  const abort = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
  const withBody = body !== undefined && req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, { method: req.method, headers, body: withBody ? new Uint8Array(body) : undefined, signal: abort.signal });
}

/** Writes a web `Response` (a JSON body or an SSE stream) to a Node response, streaming as it comes. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((v, k) => {
    headers[k] = v;
  });
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  const stop = () => {
    reader.cancel().catch(() => undefined);
  };
  res.once('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) break;
      if (!res.write(value)) {
        await new Promise<void>((r) => {
          res.once('drain', r);
          res.once('close', r);
        });
      }
    }
  } catch {
    // The stream was cancelled (the client left) or failed: end what was sent.
  } finally {
    res.off('close', stop);
    res.end();
  }
}
