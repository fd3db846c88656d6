import { APP_VIEW_METADATA_KEY, type AppViewRef } from '../../../../src-shared/apps/view-types';
import type { CallDetail } from '../../../../src-shared/contract/views';

/** The view a call's recorded result names (MCP Apps), if any. */
export function viewRefOf(call: Pick<CallDetail, 'result'> | undefined): AppViewRef | undefined {
  const v = call?.result?.metadata?.[APP_VIEW_METADATA_KEY] as Partial<AppViewRef> | undefined;
  if (!v || typeof v.server !== 'string' || typeof v.resourceUri !== 'string' || typeof v.tool !== 'string') return undefined;
  return { server: v.server, resourceUri: v.resourceUri, tool: v.tool };
}

/** The sandbox page's address for one view: its declared CSP domains and the window's origin in the query. */
export function sandboxSrc(base: string, csp: unknown, pageOrigin: string, pageService: string): string {
  const json = JSON.stringify(csp ?? {});
  const b64 = btoa(String.fromCharCode(...new TextEncoder().encode(json))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const u = new URL(base);
  // A sandbox on a wildcard address is reached by the name the window was reached by.
  if (u.hostname === '0.0.0.0' || u.hostname === '[::]') u.hostname = pageService;
  u.search = `?csp=${b64}&host=${encodeURIComponent(pageOrigin)}`;
  return u.toString();
}
