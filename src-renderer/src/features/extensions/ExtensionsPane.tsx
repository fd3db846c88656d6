import { useEffect } from 'react';
import { useApp } from '../../store/app-context';
import { extensionsSelectors, registeredSummary } from '../../store/extensions/selectors';
import '../workbench.css';
import { plural } from '../../../../src-shared/text/plural';

/** The extensions page: each extension's status, why it failed, what it registered; reload. */
export function ExtensionsPane() {
  const list = useApp(extensionsSelectors.list);
  const error = useApp(extensionsSelectors.error);
  const busy = useApp(extensionsSelectors.busy);
  const watch = useApp((s) => s.watchExtensions);
  const reload = useApp((s) => s.reloadExtensions);

  useEffect(() => watch(), [watch]);

  return (
    <div className="wb-pane" data-testid="extensions-pane">
      <div className="wb-toolbar">
        <button onClick={() => void reload()} disabled={busy !== null} data-testid="extensions-reload-all">
          {busy === '*' ? 'Reloading…' : 'Reload all'}
        </button>
        <span className="muted small">From $GLASSBOX_HOME/extensions and the workspace’s .glassbox/extensions.</span>
      </div>
      {error ? <pre className="wb-error" data-testid="extensions-error">{error}</pre> : null}
      {list && list.length === 0 ? <p className="muted">No extensions found.</p> : null}
      {(list ?? []).map((e) => (
        <div className="wb-card" key={e.folder} data-testid="extension" data-name={e.name} data-status={e.status}>
          <div className="wb-row">
            <span className={`wb-dot ${e.status === 'loaded' ? 'ok' : 'bad'}`} />
            <strong>{e.name}</strong>
            <span className="small muted">{e.version}</span>
            <span className="wb-badge" data-testid="extension-status">{e.status}</span>
            <span className="wb-badge">{e.origin}</span>
            <span className="wb-spacer" />
            <button onClick={() => void reload(e.name)} disabled={busy !== null} data-testid="extension-reload">
              {busy === e.name ? 'Reloading…' : 'Reload'}
            </button>
          </div>
          {e.description ? <div className="small">{e.description}</div> : null}
          {e.reason ? <pre className="wb-error small" data-testid="extension-reason">{e.reason}</pre> : null}
          <div className="small" data-testid="extension-registered">Registered: {registeredSummary(e)}</div>
          {e.registered.rejectedTools.length ? (
            <div className="small wb-warn">Refused (name taken): {e.registered.rejectedTools.map((r) => `${r.name} (kept by ${r.keptBy})`).join(', ')}</div>
          ) : null}
          {e.errors.length ? (
            <details>
              <summary className="small wb-warn">{plural(e.errors.length, 'runtime error')}</summary>
              <pre className="wb-pre small">{e.errors.join('\n')}</pre>
            </details>
          ) : null}
          <div className="wb-path" title={e.folder}>{e.folder}</div>
        </div>
      ))}
    </div>
  );
}
