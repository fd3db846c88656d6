import type { ViewSandboxInfo } from '../../../src-shared/apps/view-types';
import { BridgeError } from '../../../src-shared/contract/wire';
import type { BridgeEndpoint } from '../endpoint';
import type { CurrentSession } from '../current-session';
import type { OpenSession } from '../open-session';
import { isAppsPort, SessionAppViews } from './session-app-views';

/** One open session's views, made on first use and kept as long as the session object lives. */
const perSession = new WeakMap<OpenSession, SessionAppViews>();

/** The most bytes of one logged message (a bigger one is logged as its size). */
const MAX_TRAFFIC_MESSAGE = 256 * 1024;

function viewsOf(open: OpenSession | null): SessionAppViews {
  if (!open) throw new BridgeError('FAILED', 'No session is open.');
  let v = perSession.get(open);
  if (!v) {
    const mcp = open.core.mcp;
    if (!isAppsPort(mcp)) throw new BridgeError('FAILED', 'MCP servers are not available in this session.');
    v = new SessionAppViews(open.core, mcp, (id) => open.callIndex.byId.get(id));
    perSession.set(open, v);
  }
  return v;
}

/** A message as logged: itself, or its size when it is too big to keep. */
function kept(message: unknown): unknown {
  const text = JSON.stringify(message) ?? 'null';
  return text.length > MAX_TRAFFIC_MESSAGE ? { note: `message of ${text.length} characters, not kept` } : message;
}

/**
 * Registers the MCP Apps methods (`apps.*`) over the connection's current session: the sandbox's
 * address, views' resources, a view's tool calls through the tool path, the view↔window traffic
 * for the server's Traffic view and the views' model contexts. Returns the unregister function.
 */
export function registerAppViews(host: BridgeEndpoint, current: CurrentSession, sandbox: () => ViewSandboxInfo): () => void {
  const views = (): SessionAppViews => viewsOf(current.session);
  return host.registerAll({
    'apps.sandbox': () => sandbox(),
    'apps.resource': async (server, uri) => {
      try {
        return await views().readResource(server, uri);
      } catch (err) {
        if (err instanceof BridgeError) throw err;
        throw new BridgeError('FAILED', err instanceof Error ? err.message : String(err));
      }
    },
    'apps.callTool': (viewOf, tool, args) => views().callTool(viewOf, tool, args),
    'apps.traffic': (server, entries) => {
      const open = current.session;
      const mcp = open?.core.mcp;
      if (!isAppsPort(mcp)) return { ok: true as const };
      for (const e of entries) {
        // Only the views of this session's calls of that server are logged under it.
        const call = open?.callIndex.byId.get(e.callId);
        if (!call || call.source !== `mcp:${server}`) continue;
        mcp.recordViewTraffic(server, e.direction, kept(e.message), e.callId);
      }
      return { ok: true as const };
    },
    'apps.setModelContext': (viewOf, text) => views().setContext(viewOf, text),
    'apps.modelContexts': () => (current.session ? views().list() : []),
  });
}
