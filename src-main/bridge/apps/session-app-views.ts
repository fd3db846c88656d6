import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { ViewResources } from '../../core/mcp/client/apps/view-resources';
import { toolResultToMcpResult } from '../../core/mcp/common/content';
import { APP_VIEW_METADATA_KEY, type AppModelContext, type AppViewRef, type AppViewResource } from '../../../src-shared/apps/view-types';
import type { AppToolCallView } from '../../../src-shared/contract/app-view-methods';
import { BridgeError } from '../../../src-shared/contract/wire';
import type { CallDetail } from '../../../src-shared/contract/views';
import type { SessionPort } from '../session-port';

/** What the apps need of the session's MCP servers (McpManager has it all). */
export interface AppsMcpPort {
  readonly catalog: {
    readResource(id: string, uri: string): Promise<ReadResourceResult>;
    subscribe(id: string, uri: string): Promise<void>;
  };
  connection(id: string): { sdkClient?: { getServerCapabilities(): { resources?: { subscribe?: boolean } } | undefined } } | undefined;
  recordViewTraffic(id: string, direction: 'in' | 'out', message: unknown, callId?: string): boolean;
}

/** True when the session's MCP object offers what the apps need. */
export function isAppsPort(m: unknown): m is AppsMcpPort {
  const p = m as Partial<AppsMcpPort> | undefined;
  return !!p && typeof p.recordViewTraffic === 'function' && typeof p.connection === 'function' && typeof p.catalog?.readResource === 'function';
}

/** The most characters of one view's model context kept (the rest is cut, said so). */
export const MAX_APP_CONTEXT_CHARS = 16_000;

/** The system text a view's model context is sent as (the context meter recognises its first line). */
export function appContextText(c: AppModelContext): string {
  return `Context from the view of MCP server '${c.server}' (shown under tool call ${c.callId}):\n${c.text}`;
}

/** A view reference from a call's recorded result, when the call has a view. */
export function viewOfCall(call: CallDetail | undefined): AppViewRef | undefined {
  const v = call?.result?.metadata?.[APP_VIEW_METADATA_KEY] as Partial<AppViewRef> | undefined;
  if (!v || typeof v.server !== 'string' || typeof v.resourceUri !== 'string' || typeof v.tool !== 'string') return undefined;
  return { server: v.server, resourceUri: v.resourceUri, tool: v.tool };
}

/**
 * The MCP App views of one open session, shared by all of its viewers: the resources' cache
 * (dropped on `resources/updated`), the views' model contexts (sent with every model request as
 * system text, so the context meter shows them), and the view's calls through the tool path.
 */
export class SessionAppViews {
  readonly resources: ViewResources;
  private readonly contexts = new Map<string, AppModelContext>();
  private readonly off: Array<() => void> = [];

  constructor(
    private readonly core: SessionPort,
    mcp: AppsMcpPort,
    private readonly call: (callId: string) => CallDetail | undefined,
  ) {
    this.resources = new ViewResources({
      readResource: (server, uri) => mcp.catalog.readResource(server, uri),
      // Only where the server offers it (else the view is read again only after a reconnect).
      subscribe: async (server, uri) => {
        if (mcp.connection(server)?.sdkClient?.getServerCapabilities()?.resources?.subscribe) await mcp.catalog.subscribe(server, uri);
      },
    });
    this.off.push(core.bus.subscribe('mcp_resource_updated', (e) => void this.resources.invalidate(e.server, e.uri)));
    this.off.push(core.bus.subscribe('mcp_server_status', (e) => void this.resources.invalidate(e.server)));
    const remove = core.addSystemMessages?.(() => [...this.contexts.values()].map(appContextText));
    if (remove) this.off.push(remove);
  }

  /**
   * A view's resource. Waits for the session's servers to have connected first: a reopened
   * session's views ask while their server is still starting, and would otherwise be answered
   * "not connected" for good.
   */
  async readResource(server: string, uri: string): Promise<AppViewResource> {
    await this.core.mcpReady?.();
    return this.resources.read(server, uri);
  }

  /** The view behind a call, or a bridge error a caller can show. */
  view(viewOf: string): AppViewRef {
    const ref = viewOfCall(this.call(viewOf));
    if (!ref) throw new BridgeError('NOT_FOUND', `Call ${viewOf} has no MCP App view in this session.`);
    return ref;
  }

  /**
   * A view's `tools/call`: only a tool of the view's own server, run as the app's action (the
   * approval policy applies as to the model's calls). Tool failures are results, never throws.
   */
  async callTool(viewOf: string, tool: string, args: Record<string, unknown>): Promise<AppToolCallView> {
    const ref = this.view(viewOf);
    await this.core.mcpReady?.();
    const source = `mcp:${ref.server}`;
    const t = this.core.tools.list().find((x) => x.source === source && (x as { originalName?: unknown }).originalName === tool);
    if (!t) return { callId: '', content: [{ type: 'text', text: `MCP server '${ref.server}' has no tool '${tool}' that Glassbox can call` }], isError: true };
    const { callId, result } = await this.core.runner.run({ tool: t.name, args, origin: 'app', viewOf });
    const mcp = toolResultToMcpResult(result);
    return { callId, content: mcp.content, ...(mcp.structuredContent ? { structuredContent: mcp.structuredContent as Record<string, unknown> } : {}), ...(mcp.isError ? { isError: true } : {}) };
  }

  /** Sets (or, with empty text, removes) a view's model context; answers them all. */
  setContext(viewOf: string, text: string): AppModelContext[] {
    const ref = this.view(viewOf);
    const t = text.trim();
    if (!t) this.contexts.delete(viewOf);
    else {
      const cut = t.length > MAX_APP_CONTEXT_CHARS ? `${t.slice(0, MAX_APP_CONTEXT_CHARS)}\n[… cut: ${t.length - MAX_APP_CONTEXT_CHARS} more characters]` : t;
      this.contexts.set(viewOf, { callId: viewOf, server: ref.server, text: cut, tokens: Math.ceil(cut.length / 4) });
    }
    return this.list();
  }

  /** The model contexts held now. */
  list(): AppModelContext[] {
    return [...this.contexts.values()];
  }

  /** Stops following the session. */
  dispose(): void {
    for (const f of this.off.splice(0)) f();
    this.contexts.clear();
  }
}
