import { useState } from 'react';
import type { McpServerView } from '../../../../src-shared/contract/workbench-views';
import { useApp } from '../../app/app-context';
import { statusTone } from './server-form';

/** One MCP server: status, transport, tools (each switchable), instructions, errors, stderr, actions. */
export function ServerCard({ server, onEdit }: { server: McpServerView; onEdit(): void }) {
  const setEnabled = useApp((st) => st.setMcpServerEnabled);
  const restart = useApp((st) => st.restartMcpServer);
  const remove = useApp((st) => st.removeMcpServer);
  const setIncludeInstructions = useApp((st) => st.setMcpIncludeInstructions);
  const setToolEnabled = useApp((st) => st.setMcpToolEnabled);
  const signIn = useApp((st) => st.signInMcpServer);
  const signOut = useApp((st) => st.signOutMcpServer);
  const busy = useApp((st) => st.mcpBusy);
  const s = server;
  const [open, setOpen] = useState(true);
  return (
    <div className="wb-card" data-testid="mcp-server" data-server={s.id} data-status={s.status}>
      <div className="wb-row">
        <span className={`wb-dot ${statusTone(s.status)}`} title={s.status} data-testid="mcp-status-dot" />
        <strong>{s.id}</strong>
        <span className="wb-badge" data-testid="mcp-transport">{s.transport}</span>
        <span className="small" data-testid="mcp-status">{s.status === 'needs-sign-in' ? 'needs sign-in' : s.status}</span>
        <span className="small muted" data-testid="mcp-tool-count">
          {s.toolCount} tool{s.toolCount === 1 ? '' : 's'}
        </span>
        {s.builtIn ? <span className="wb-badge">built-in</span> : null}
        <span className="wb-spacer" />
        <button className="link-button" onClick={() => setOpen(!open)}>
          {open ? 'Less' : 'More'}
        </button>
      </div>
      <div className="wb-toolbar">
        <button onClick={() => void setEnabled(s.id, s.disabled)} data-testid="mcp-toggle">
          {s.disabled ? 'Enable' : 'Disable'}
        </button>
        <button onClick={() => void restart(s.id)} disabled={s.disabled} data-testid="mcp-restart">
          Restart
        </button>
        <button onClick={onEdit} data-testid="mcp-edit">
          Edit
        </button>
        <button
          className="danger"
          data-testid="mcp-remove"
          onClick={() => {
            if (window.confirm(s.builtIn ? `Switch off the built-in server ${s.id}?` : `Remove ${s.id} from your config and stop it?`)) void remove(s.id);
          }}
        >
          Remove
        </button>
      </div>
      {s.signIn ? (
        <div className="wb-row small" data-testid="mcp-sign-in">
          {s.signIn.signedIn ? (
            <span data-testid="mcp-signed-in-as">Signed in{s.signIn.account ? ` as ${s.signIn.account}` : ''}</span>
          ) : (
            <span className="muted">Not signed in</span>
          )}
          <span className="wb-spacer" />
          {busy === 'Sign in' ? <span className="muted">Finish signing in in your browser…</span> : null}
          {!s.signIn.signedIn || s.status === 'needs-sign-in' ? (
            <button onClick={() => void signIn(s.id)} disabled={s.disabled || busy !== null} data-testid="mcp-sign-in-button">
              Sign in
            </button>
          ) : null}
          {s.signIn.signedIn ? (
            <button onClick={() => void signOut(s.id)} disabled={busy !== null} data-testid="mcp-sign-out">
              Sign out
            </button>
          ) : null}
        </div>
      ) : null}
      {s.lastError ? (
        <div className="wb-error small" data-testid="mcp-last-error">
          {s.lastError}
        </div>
      ) : null}
      {s.whyFailed && s.whyFailed !== s.lastError ? (
        <details open>
          <summary className="small">Why it failed</summary>
          <pre className="wb-pre small" data-testid="mcp-why-failed">{s.whyFailed}</pre>
        </details>
      ) : null}
      {open ? (
        <>
          {s.instructions !== undefined ? (
            <div data-testid="mcp-instructions">
              <div className="label">
                Instructions
                <label className="small">
                  <input
                    type="checkbox"
                    checked={s.includeInstructions}
                    data-testid="mcp-include-instructions"
                    onChange={(e) => void setIncludeInstructions(s.id, e.target.checked)}
                  />{' '}
                  include in prompt
                </label>
              </div>
              <pre className="wb-pre small" data-testid="mcp-instructions-text">{s.instructions}</pre>
            </div>
          ) : null}
          {s.tools.length ? (
            <details open={s.tools.length <= 20}>
              <summary className="small">Tools ({s.tools.length})</summary>
              <table className="wb-table" data-testid="mcp-tools">
                <tbody>
                  {s.tools.map((t) => (
                    <tr key={t.originalName} data-testid="mcp-tool" data-tool={t.originalName}>
                      <td>
                        <input
                          type="checkbox"
                          checked={t.enabled}
                          title={t.enabled ? 'Switch this tool off' : 'Switch this tool on'}
                          aria-label={`Enable ${t.name}`}
                          data-testid="mcp-tool-enabled"
                          onChange={(e) => void setToolEnabled(s.id, t.originalName, e.target.checked)}
                        />
                      </td>
                      <td>
                        <code>{t.name}</code>
                        {t.enabled && !t.registered ? <span className="wb-warn small"> (name taken by another tool)</span> : null}
                        <div className="small muted">{t.description}</div>
                        <details>
                          <summary className="small">schema</summary>
                          <pre className="wb-pre small">{JSON.stringify(t.inputSchema, null, 2)}</pre>
                        </details>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          ) : null}
          {s.stderrTail.length ? (
            <details>
              <summary className="small">stderr (last {s.stderrTail.length} lines)</summary>
              <pre className="wb-pre small" data-testid="mcp-stderr">{s.stderrTail.join('\n')}</pre>
            </details>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
