import { realpathSync } from 'node:fs';
import { basename, isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client, ClientCapabilities } from '@modelcontextprotocol/client';
import type { EventPayloads } from '../../../../src-shared/events/event-types';
import type { HumanInputPort } from '../../tools/tool';
import { elicit, type ElicitFormRequest, type ElicitUrlRequest } from './elicitation';
import { sample, type McpSampler, type SamplingRequest } from './sampling';
import { MCP_APP_MIME_TYPE, MCP_APPS_EXTENSION } from '../../../../src-shared/apps/view-types';

/** One server→client request (2025) or input round (2026), as the session records it (the `mcp_server_request` event). */
export type ServerRequestRecord = EventPayloads['mcp_server_request'];

/** What the handlers need from the connection. */
export interface ServerRequestScope {
  server: string;
  workspace: string;
  /** Extra roots from config (relative to the workspace). */
  roots?: string[];
  /** The call a request belongs to, and its human port (falls back to the session's). */
  currentCall(): { callId: string; humanInput?: HumanInputPort } | undefined;
  humanInput?: HumanInputPort;
  sampler?: McpSampler;
  openUrl?: (url: string) => Promise<void>;
  record(r: ServerRequestRecord): void;
}

/** The capabilities Glassbox declares: what it can actually answer. */
export function clientCapabilities(): ClientCapabilities {
  return {
    roots: { listChanged: true },
    elicitation: { form: { applyDefaults: true }, url: {} },
    sampling: { tools: {} },
    // MCP Apps: tools' views are rendered (docs/mcp-apps.md).
    extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } },
  } as ClientCapabilities;
}

function realOrAsIs(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/** The workspace (its real path: a symlinked workspace is named as the server will see it) plus config `roots`. */
export function rootsFor(workspace: string, extra: string[] = []): Array<{ uri: string; name: string }> {
  const seen = new Set<string>();
  const out: Array<{ uri: string; name: string }> = [];
  for (const p of [workspace, ...extra]) {
    if (typeof p !== 'string' || !p) continue;
    const real = realOrAsIs(isAbsolute(p) ? p : resolve(workspace, p));
    if (seen.has(real)) continue;
    seen.add(real);
    out.push({ uri: pathToFileURL(real).href, name: basename(real) || real });
  }
  return out;
}

/**
 * Answers what a server asks of the client — forms and pages (elicitation), model requests
 * (sampling), roots — through the session's human port. The same handlers serve 2025
 * server→client requests and the 2026 input rounds the SDK fulfils on a call's behalf.
 */
export function installServerRequestHandlers(client: Client, scope: ServerRequestScope): void {
  client.setRequestHandler('roots/list', async () => {
    const roots = rootsFor(scope.workspace, scope.roots);
    const call = scope.currentCall();
    scope.record({ server: scope.server, ...(call ? { callId: call.callId } : {}), method: 'roots/list', outcome: 'answered', result: { roots } });
    return { roots };
  });
  client.setRequestHandler('elicitation/create', async (request, ctx) => {
    const call = scope.currentCall();
    const params = request.params as unknown as ElicitFormRequest | ElicitUrlRequest;
    const result = await elicit(params, {
      server: scope.server,
      ...(call ? { callId: call.callId } : {}),
      port: call?.humanInput ?? scope.humanInput,
      ...(scope.openUrl ? { openUrl: scope.openUrl } : {}),
      signal: ctx.mcpReq.signal,
    });
    scope.record({ server: scope.server, ...(call ? { callId: call.callId } : {}), method: 'elicitation/create', outcome: result.action, params, result });
    return result;
  });
  client.setRequestHandler('sampling/createMessage', async (request, ctx) => {
    const call = scope.currentCall();
    return sample(request.params as unknown as SamplingRequest, {
      server: scope.server,
      ...(call ? { callId: call.callId } : {}),
      port: call?.humanInput ?? scope.humanInput,
      ...(scope.sampler ? { sampler: scope.sampler } : {}),
      signal: ctx.mcpReq.signal,
      record: (r) =>
        scope.record({
          server: r.server,
          ...(r.callId ? { callId: r.callId } : {}),
          method: 'sampling/createMessage',
          outcome: r.outcome,
          params: r.request,
          ...(r.answer ? { result: r.answer.result, ...(r.answer.usage ? { usage: r.answer.usage } : {}), costUsd: r.answer.costUsd ?? null } : {}),
          ...(r.error ? { error: r.error } : {}),
        }),
    }) as never;
  });
}
