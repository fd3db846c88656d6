import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import type { McpResourceContentView, McpTemplateView } from '../../../../src-shared/contract/mcp-inspector-views';
import { useApp } from '../../store/app-context';
import { mcpInspectorSelectors } from '../../store/mcp/inspector-selectors';
import { CompletingInput } from './CompletingInput';
import { expandTemplate } from './uri-template';
import { reveal } from './reveal';
import type { Loaded } from '../../store/mcp/inspector-state';

/** Resources shown per page (the list grows by this much with "Show more"). */
const PAGE = 25;

function formatBytes(n: number): string {
  return n < 1024 ? `${n} bytes` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

/** One read resource's contents: text as text, images as images, other binaries by size and type. */
function Contents({ contents }: { contents: McpResourceContentView[] }) {
  return (
    <div data-testid="mcp-resource-contents">
      {contents.map((c, i) => (
        <div key={i} className="mi-tab">
          <div className="small muted">
            <code>{c.uri}</code> {c.mimeType ?? ''}
          </div>
          {c.text !== undefined ? (
            <pre className="wb-pre small" data-testid="mcp-resource-text">{c.text}</pre>
          ) : c.blob ? (
            c.blob.imageData ? (
              <img className="mi-img" alt={c.uri} src={`data:${c.mimeType};base64,${c.blob.imageData}`} data-testid="mcp-resource-image" />
            ) : (
              <div className="wb-banner small" data-testid="mcp-resource-binary">
                Binary: {formatBytes(c.blob.bytes)}, {c.mimeType ?? 'unknown type'}
              </div>
            )
          ) : (
            <span className="muted small">(empty)</span>
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * What Read gave, placed right under what was clicked (the resource's row or the template's
 * form) and scrolled into view when it arrives.
 */
function ReadOutput({ read, subscribed }: { read: { uri: string } & Loaded<McpResourceContentView[]>; subscribed: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const arrived = read.value ?? read.error;
  useEffect(() => reveal(ref.current, 'nearest'), [read.uri, arrived]);
  return (
    <div ref={ref} className="mi-output" data-testid="mcp-read-output" data-uri={read.uri}>
      <div className="wb-row small">
        <strong>Read</strong> <code data-testid="mcp-read-uri">{read.uri}</code> {subscribed ? <span className="wb-badge">subscribed: read again on each update</span> : null}
      </div>
      {read.loading && !read.value ? <span className="small muted">Reading…</span> : null}
      {read.error ? <pre className="wb-pre small wb-error" data-testid="mcp-read-error">{read.error}</pre> : null}
      {read.value ? <Contents contents={read.value} /> : null}
    </div>
  );
}

/** A template's variables, each completed by the server as you type; Read fills the URI in. */
function TemplateForm({ server, template, output }: { server: string; template: McpTemplateView; output: React.ReactNode }) {
  const complete = useApp((s) => s.completeMcp);
  const read = useApp((s) => s.readMcpResource);
  const attach = useApp((s) => s.addMcpAttachment);
  const [values, setValues] = useState<Record<string, string>>({});
  const uri = expandTemplate(template.uriTemplate, values);
  const ready = template.variables.every((v) => (values[v] ?? '') !== '');
  return (
    <div className="mi-form" data-testid="mcp-template-form" data-template={template.uriTemplate}>
      {template.variables.map((v) => (
        <label key={v} className="mi-field">
          <span>{v}</span>
          <CompletingInput
            label={v}
            testId={`mcp-template-var-${v}`}
            value={values[v] ?? ''}
            onChange={(x) => setValues({ ...values, [v]: x })}
            complete={(typed) => complete(server, { type: 'ref/resource', uri: template.uriTemplate }, v, typed, Object.fromEntries(Object.entries(values).filter(([k, x]) => k !== v && x)))}
          />
        </label>
      ))}
      <div className="wb-toolbar">
        <code className="small mi-grow" data-testid="mcp-template-uri">{uri}</code>
        <button type="button" className="primary" disabled={!ready} onClick={() => void read(server, uri)} data-testid="mcp-template-read">Read</button>
        <button type="button" disabled={!ready} onClick={() => attach({ kind: 'resource', server, uri })} title="Put its contents in front of your next message">Attach</button>
      </div>
      {output}
    </div>
  );
}

/** A server's resources (paged), templates (with completion), the one read, and subscriptions with their updates. */
export function ResourcesTab({ server }: { server: string }) {
  const res = useApp(useMemo(() => mcpInspectorSelectors.resources(server), [server]));
  const read = useApp(useMemo(() => mcpInspectorSelectors.read(server), [server]));
  const updates = useApp(mcpInspectorSelectors.updates);
  const load = useApp((s) => s.loadMcpResources);
  const readResource = useApp((s) => s.readMcpResource);
  const subscribe = useApp((s) => s.subscribeMcpResource);
  const attach = useApp((s) => s.addMcpAttachment);
  const [shown, setShown] = useState(PAGE);
  const [template, setTemplate] = useState<string | null>(null);
  useEffect(() => {
    void load(server);
  }, [load, server]);
  const v = res?.value;
  const subs = new Set(v?.subscriptions ?? []);
  // The output goes under the row that was read, else under the open template's form, else (a
  // row not on the page shown) at the end.
  const underRow = !!read && !!v && v.resources.slice(0, shown).some((r) => r.uri === read.uri);
  const underTemplate = !!read && !underRow && template !== null;
  const output = read ? <ReadOutput read={read} subscribed={subs.has(read.uri)} /> : null;
  return (
    <div className="mi-tab" data-testid="mcp-resources-tab">
      <div className="wb-toolbar">
        <span className="small muted" data-testid="mcp-resource-count">
          {v ? `${v.resources.length} resource${v.resources.length === 1 ? '' : 's'}, ${v.templates.length} template${v.templates.length === 1 ? '' : 's'}` : res?.loading ? 'Listing…' : ''}
        </span>
        <span className="wb-spacer" />
        <button onClick={() => void load(server)} disabled={res?.loading}>Refresh</button>
      </div>
      {res?.error ? <pre className="wb-pre small wb-error">{res.error}</pre> : null}
      {v && v.resources.length ? (
        <div className="mi-list" data-testid="mcp-resources">
          {v.resources.slice(0, shown).map((r) => {
            const n = updates[`${server} ${r.uri}`] ?? 0;
            return (
              <Fragment key={r.uri}>
              <div className={`mi-item${read?.uri === r.uri ? ' active' : ''}`} data-testid="mcp-resource" data-uri={r.uri}>
                <div className="mi-grow">
                  <strong>{r.title ?? r.name}</strong> <code className="small muted">{r.uri}</code>
                  {r.description ? <div className="small muted">{r.description}</div> : null}
                </div>
                <span className="small muted">{r.mimeType ?? ''}{r.size !== undefined ? ` · ${formatBytes(r.size)}` : ''}</span>
                {n ? <span className="wb-badge" data-testid="mcp-resource-updates" title="Updates the server announced">{n} update{n === 1 ? '' : 's'}</span> : null}
                <button className="link-button" onClick={() => void readResource(server, r.uri)} data-testid="mcp-resource-read">Read</button>
                <button className="link-button" onClick={() => attach({ kind: 'resource', server, uri: r.uri })} data-testid="mcp-resource-attach" title="Put its contents in front of your next message">Attach</button>
                {v.canSubscribe ? (
                  <button className="link-button" onClick={() => void subscribe(server, r.uri, !subs.has(r.uri))} data-testid="mcp-resource-subscribe">
                    {subs.has(r.uri) ? 'Unsubscribe' : 'Subscribe'}
                  </button>
                ) : null}
              </div>
              {underRow && read.uri === r.uri ? output : null}
              </Fragment>
            );
          })}
          {v.resources.length > shown ? (
            <div className="mi-item">
              <span className="small muted">Showing {shown} of {v.resources.length}</span>
              <button className="link-button" onClick={() => setShown(shown + PAGE)} data-testid="mcp-resources-more">Show more</button>
            </div>
          ) : null}
        </div>
      ) : v ? (
        <p className="small muted">This server lists no resources.</p>
      ) : null}
      {v && v.templates.length ? (
        <>
          <div className="label">Templates</div>
          <div className="mi-list" data-testid="mcp-templates">
            {v.templates.map((t) => (
              <div key={t.uriTemplate} className="mi-item" data-testid="mcp-template">
                <div className="mi-grow">
                  <strong>{t.title ?? t.name}</strong> <code className="small muted">{t.uriTemplate}</code>
                  {t.description ? <div className="small muted">{t.description}</div> : null}
                  {template === t.uriTemplate ? <TemplateForm server={server} template={t} output={underTemplate ? output : null} /> : null}
                </div>
                <button className="link-button" onClick={() => setTemplate(template === t.uriTemplate ? null : t.uriTemplate)} data-testid="mcp-template-open">
                  {template === t.uriTemplate ? 'Close' : 'Fill in…'}
                </button>
              </div>
            ))}
          </div>
        </>
      ) : null}
      {read && !underRow && !underTemplate ? output : null}
    </div>
  );
}
