import type { z } from 'zod';
import { RegistryServerListSchema, RegistryServerResponseSchema, type RegistryServerResponse } from './schema';

/** The official MCP Registry. */
export const OFFICIAL_REGISTRY = 'https://registry.modelcontextprotocol.io';
/** How long one registry request may take. */
const TIMEOUT_MS = 15_000;
/** Largest answer read (a page of entries is a few hundred kB at most). */
const MAX_BYTES = 8 * 1024 * 1024;

/** A registry that is down, refuses, or answers something that is not its API. Crosses to the user (exit 1). */
export class RegistryError extends Error {
  readonly code = 'REGISTRY_ERROR';
  constructor(message: string) {
    super(message);
    this.name = 'RegistryError';
  }
}

/** A page of search results. */
export interface RegistryPage {
  servers: RegistryServerResponse[];
  nextCursor?: string;
}

/** One registry's v0.1 API: search, the versions of a server, one version. */
export class RegistryClient {
  readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  /** `GET /v0.1/servers?search=…&limit=…&cursor=…` (latest versions only). */
  async search(query: string, opts: { limit?: number; cursor?: string } = {}): Promise<RegistryPage> {
    const params = new URLSearchParams({ search: query, limit: String(opts.limit ?? 30), version: 'latest' });
    if (opts.cursor) params.set('cursor', opts.cursor);
    const list = await this.get(`/v0.1/servers?${params}`, RegistryServerListSchema);
    return { servers: list.servers, ...(list.metadata?.nextCursor ? { nextCursor: list.metadata.nextCursor } : {}) };
  }

  /** `GET /v0.1/servers/{name}/versions`, newest first as the registry orders them. */
  async versions(name: string): Promise<RegistryServerResponse[]> {
    return (await this.get(`/v0.1/servers/${encodeURIComponent(name)}/versions`, RegistryServerListSchema)).servers;
  }

  /** `GET /v0.1/servers/{name}/versions/{version}` (`latest` for the newest). */
  async version(name: string, version = 'latest'): Promise<RegistryServerResponse> {
    return this.get(`/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`, RegistryServerResponseSchema);
  }

  private async get<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
    const url = `${this.baseUrl}${path}`;
    let res: Response;
    try {
      res = await this.fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow' });
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const why = (err as Error).name === 'TimeoutError' ? `no answer in ${TIMEOUT_MS / 1000} s` : (cause?.code ?? cause?.message ?? (err as Error).message);
      throw new RegistryError(`the registry ${this.baseUrl} cannot be reached (${why})`);
    }
    const text = await readLimited(res, MAX_BYTES).catch((err: Error) => {
      throw new RegistryError(`the registry ${this.baseUrl} answered ${url} with more than it should: ${err.message}`);
    });
    if (res.status === 404) throw new RegistryError(`not found in the registry ${this.baseUrl}: ${decodeURIComponent(path.replace(/^\/v0\.1\/servers\/?/, '').replace(/\?.*$/, '')) || path}`);
    if (!res.ok) {
      const detail = errorText(text);
      throw new RegistryError(`the registry ${this.baseUrl} answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new RegistryError(`the registry ${this.baseUrl} answered something that is not JSON (${res.headers.get('content-type') ?? 'no content type'}): ${clip(text)}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new RegistryError(`the registry ${this.baseUrl} answered JSON that is not the v0.1 API: ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
    }
    return parsed.data;
  }
}

async function readLimited(res: Response, max: number): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      throw new Error(`over ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The `error` of a JSON error body, or the text's start. */
function errorText(text: string): string {
  try {
    const v = JSON.parse(text) as { error?: unknown; detail?: unknown; title?: unknown };
    for (const k of [v.error, v.detail, v.title]) if (typeof k === 'string') return clip(k);
  } catch {
    // not JSON
  }
  return clip(text);
}

function clip(text: string): string {
  const t = text.replace(/\s+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  return t.length > 200 ? `${t.slice(0, 200)}…` : t;
}
