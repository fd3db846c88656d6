import { buildAllowAttribute } from '@modelcontextprotocol/ext-apps/app-bridge';
import { useEffect, useState } from 'react';
import { buildViewCsp } from '../../../../src-shared/apps/view-csp';
import type { AppViewRef, AppViewResource } from '../../../../src-shared/apps/view-types';
import { useApp } from '../../store/app-context';
import { appResourceKey } from '../../store/apps/state';
import { copyText } from '../../store/download';
import './mcp-apps.css';

/** The most characters of the HTML shown at once (the whole is one click away, and always copyable). */
const SHOWN_CHARS = 200_000;

/** The policy exactly as the sandbox serves it for this window (its header on the proxy page, inherited by the view). */
export function appliedViewCsp(resource: Pick<AppViewResource, 'csp'>, windowOrigin: string): string {
  const ancestors = /^https?:\/\//.test(windowOrigin) ? `; frame-ancestors ${windowOrigin}` : '';
  return buildViewCsp(resource.csp) + ancestors;
}

/**
 * The inspector's View tab of a call with an MCP App view: the resource the view runs (server,
 * URI, when it was read, its HTML source as text), the Content-Security-Policy the sandbox
 * applies to it, what of its declaration was refused, and the frames' sandbox and permissions.
 * The HTML is only ever shown as text here; it runs nowhere but in the sandbox.
 */
export function ViewSource({ viewRef }: { viewRef: AppViewRef }) {
  const readResource = useApp((s) => s.readAppResource);
  const sandboxUrl = useApp((s) => s.appSandboxUrl);
  const version = useApp((s) => s.appResourceVersions[appResourceKey(viewRef.server, viewRef.resourceUri)] ?? 0);
  const [resource, setResource] = useState<AppViewResource | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [whole, setWhole] = useState(false);
  useEffect(() => {
    let live = true;
    setError(null);
    readResource(viewRef.server, viewRef.resourceUri).then(
      (r) => live && setResource(r),
      (err: unknown) => live && setError(String((err as Error)?.message ?? err)),
    );
    return () => {
      live = false;
    };
  }, [readResource, viewRef.server, viewRef.resourceUri, version]);

  if (error) return <div className="app-view-note" data-testid="view-source-error">The view's resource could not be read: {error}</div>;
  if (!resource) return <div className="muted pad">Reading {viewRef.resourceUri}…</div>;
  const csp = appliedViewCsp(resource, location.origin);
  const allow = buildAllowAttribute(resource.permissions);
  const shown = whole || resource.html.length <= SHOWN_CHARS ? resource.html : resource.html.slice(0, SHOWN_CHARS);
  return (
    <div className="view-source" data-testid="view-source">
      <dl className="view-source-facts">
        <dt>Resource</dt>
        <dd data-testid="view-source-uri">{resource.uri}</dd>
        <dt>Server</dt>
        <dd>{resource.server}</dd>
        <dt>Read</dt>
        <dd>{new Date(resource.readAt).toLocaleString()} · {resource.html.length.toLocaleString()} characters</dd>
        <dt>Sandbox</dt>
        <dd>
          {sandboxUrl ? new URL(sandboxUrl).origin : 'none in this window'} (its own origin); the view's frame:{' '}
          <code>sandbox="allow-scripts allow-forms"</code> (opaque origin, never <code>allow-same-origin</code>)
        </dd>
        <dt>Permissions</dt>
        <dd data-testid="view-source-allow">{allow ? <code>allow="{allow}"</code> : 'none'}</dd>
      </dl>
      <div className="json-block">
        <div className="label">
          Content-Security-Policy (as the sandbox applies it)
          <button className="link-button" onClick={() => void copyText(csp)}>Copy</button>
        </div>
        <pre data-testid="view-source-csp">{csp.split('; ').join(';\n')}</pre>
        {resource.cspRefused.length ? (
          <ul className="form-errors" data-testid="view-source-refused">
            {resource.cspRefused.map((r) => (
              <li key={r}>refused: {r}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <JsonDeclared resource={resource} />
      <div className="json-block">
        <div className="label">
          HTML source
          <button className="link-button" onClick={() => void copyText(resource.html)}>Copy</button>
          {shown.length < resource.html.length ? (
            <button className="link-button" data-testid="view-source-whole" onClick={() => setWhole(true)}>
              Show all {resource.html.length.toLocaleString()} characters
            </button>
          ) : null}
        </div>
        <pre className="view-source-html" data-testid="view-source-html">{shown}</pre>
      </div>
    </div>
  );
}

function JsonDeclared({ resource }: { resource: AppViewResource }) {
  const d = resource.csp;
  const rows = (['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const).filter((k) => d[k]?.length);
  return (
    <div className="json-block">
      <div className="label">Declared domains (_meta.ui.csp, after checks)</div>
      {rows.length ? (
        <pre data-testid="view-source-declared">{rows.map((k) => `${k}: ${d[k]!.join(' ')}`).join('\n')}</pre>
      ) : (
        <div className="muted small" data-testid="view-source-declared">None: the view may reach no network.</div>
      )}
    </div>
  );
}
