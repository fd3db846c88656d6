import type { ChildProcess } from 'node:child_process';
import { SSEClientTransport, StreamableHTTPClientTransport, type FetchLike, type OAuthClientProvider, type Transport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { McpServerConfig } from '../../config/config';
import type { McpTransportKind } from './transport-kind';

/** What building a transport needs besides the (expanded) config. */
export interface TransportSetup {
  /** Folder a stdio server starts in when the config names none. */
  workspace: string;
  /** Receives a stdio server's stderr as it comes. */
  onStderr(text: string): void;
  /** The fetch HTTP transports use (the traffic log's observing fetch). */
  fetch?: FetchLike;
  /** Signs HTTP requests; from the manager's auth factory. */
  authProvider?: OAuthClientProvider;
}

/** The transports to try, in order: a bare url tries Streamable HTTP, then SSE. */
export function transportCandidates(kind: McpTransportKind): Exclude<McpTransportKind, 'auto'>[] {
  return kind === 'auto' ? ['http', 'sse'] : [kind];
}

/** Human name of a transport for messages. */
export function transportLabel(kind: McpTransportKind): string {
  return kind === 'http' ? 'Streamable HTTP' : kind === 'sse' ? 'SSE' : kind;
}

/**
 * The child process of a started stdio transport. The SDK keeps it private, but "why it
 * failed" needs its exit code and closing needs to kill it (TERM, then KILL).
 */
export function stdioChild(transport: Transport): ChildProcess | undefined {
  return (transport as unknown as { _process?: ChildProcess })._process;
}

/** Builds the SDK transport for one kind. Throws for a config that cannot work (bad url). */
export function buildTransport(kind: Exclude<McpTransportKind, 'auto'>, cfg: McpServerConfig, setup: TransportSetup): Transport {
  if (kind === 'stdio') {
    const t = new StdioClientTransport({
      command: cfg.command!,
      args: cfg.args ?? [],
      env: { ...getDefaultEnvironment(), ...(cfg.env ?? {}) },
      cwd: cfg.cwd ?? setup.workspace,
      stderr: 'pipe',
    });
    t.stderr?.on('data', (d: Buffer) => setup.onStderr(d.toString()));
    return t;
  }
  const url = new URL(cfg.url!);
  const common = {
    requestInit: { headers: cfg.headers ?? {} },
    ...(setup.fetch ? { fetch: setup.fetch } : {}),
    ...(setup.authProvider ? { authProvider: setup.authProvider } : {}),
  };
  if (kind === 'sse') return new SSEClientTransport(url, common);
  return new StreamableHTTPClientTransport(url, common);
}
