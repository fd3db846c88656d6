import { useEffect, useMemo, useRef, useState } from 'react';
import { MCP_LOG_LEVELS, type McpLogLevel } from '../../../../src-shared/contract/mcp-inspector-views';
import type { McpServerView } from '../../../../src-shared/contract/workbench-views';
import { useApp } from '../../store/app-context';
import { mcpInspectorSelectors } from '../../store/mcp/inspector-selectors';
import { statusTone } from './server-form';
import { ServerInspector } from './ServerInspector';
import { DoctorReportView } from './DoctorReportView';
import type { DoctorReport } from '../../../../src-shared/contract/doctor-views';
import { plural } from '../../../../src-shared/text/plural';
import { mcpSelectors } from '../../store/mcp/selectors';
import { cardExpanded } from '../../store/mcp/card-folding';
import { flash, reveal } from './reveal';

/** What the card says of a server's state: "connecting…" while it connects, "starts on first use" before a lazy server has started. */
function statusText(s: McpServerView): string {
  if (s.status === 'needs-sign-in') return 'needs sign-in';
  if (s.status === 'connecting') return 'connecting…';
  if (s.status === 'disconnected' && s.startOn === 'first-use' && !s.lastError) return 'starts on first use';
  return s.status;
}

/** One MCP server: status, transport, era, log level, actions, sign-in, errors, instructions, its inspector tabs, stderr. */
export function ServerCard({ server, onEdit, newerVersion }: { server: McpServerView; onEdit(): void; newerVersion?: string }) {
  const setEnabled = useApp((st) => st.setMcpServerEnabled);
  const restart = useApp((st) => st.restartMcpServer);
  const remove = useApp((st) => st.removeMcpServer);
  const setIncludeInstructions = useApp((st) => st.setMcpIncludeInstructions);
  const logLevel = useApp(useMemo(() => mcpInspectorSelectors.logLevel(server.id), [server.id]));
  const setLogLevel = useApp((st) => st.setMcpLogLevel);
  const signIn = useApp((st) => st.signInMcpServer);
  const signOut = useApp((st) => st.signOutMcpServer);
  const busy = useApp((st) => st.mcpBusy);
  const s = server;
  const choice = useApp(useMemo(() => mcpSelectors.cardChoice(server.id), [server.id]));
  const setCardOpen = useApp((st) => st.setMcpCardOpen);
  const open = cardExpanded(choice, s.toolCount);
  const attention = useApp(useMemo(() => mcpSelectors.attention(server.id), [server.id]));
  const clearAttention = useApp((st) => st.clearMcpAttention);
  const ref = useRef<HTMLDivElement>(null);
  // How often the card was brought into view and flashed (data-flashes: what tests look for).
  const [flashes, setFlashes] = useState(0);
  // Added or acted on: into view and flashed; again when its connection settles (connected, or
  // its error shows), then done.
  useEffect(() => {
    if (attention === null) return;
    reveal(ref.current, 'start');
    flash(ref.current);
    setFlashes((n) => n + 1);
    if (s.status !== 'connecting') clearAttention(attention);
  }, [attention, s.status, s.lastError, clearAttention]);
  const runDoctor = useApp((st) => st.runMcpDoctor);
  const [doctor, setDoctor] = useState<DoctorReport | 'running' | { error: string } | null>(null);
  return (
    <div ref={ref} className="wb-card mcp-card" data-testid="mcp-server" data-server={s.id} data-status={s.status} data-open={open} data-flashes={flashes}>
      <div className="wb-row">
        <button
          className="mcp-fold"
          aria-expanded={open}
          aria-label={open ? `Fold ${s.id}` : `Open ${s.id}`}
          title={open ? 'Fold: hide its tools, resources, prompts and traffic' : 'Open: show its tools, resources, prompts and traffic'}
          onClick={() => setCardOpen(s.id, !open)}
          data-testid="mcp-card-toggle"
        >
          {open ? '▾' : '▸'}
        </button>
        <span className={`wb-dot ${statusTone(s.status)}`} title={s.status} data-testid="mcp-status-dot" />
        <strong>{s.id}</strong>
        <span className="wb-badge" data-testid="mcp-transport">{s.transport}</span>
        <span className="small" data-testid="mcp-status">{statusText(s)}</span>
        <span className="small muted" data-testid="mcp-tool-count">
          {s.status === 'connecting' && !s.toolCount ? 'tools once connected' : plural(s.toolCount, 'tool')}
        </span>
        {s.builtIn ? <span className="wb-badge">built-in</span> : null}
        {s.config.registry ? (
          <span className="wb-badge" title={`Installed from the MCP Registry: ${s.config.registry.name}`} data-testid="mcp-registry-version">
            {s.config.registry.version}
          </span>
        ) : null}
        {newerVersion ? (
          <span className="wb-badge update" data-testid="mcp-newer-version" title="A newer version is in the registry: install it from Browse registry">
            {newerVersion} available
          </span>
        ) : null}
        {s.protocolVersion ? (
          <span className="wb-badge" data-testid="mcp-protocol-version" title="The MCP revision this connection speaks">
            MCP {s.protocolVersion}
          </span>
        ) : null}
        <span className="wb-spacer" />
        <label className="small muted" title="The lowest level of log messages asked of this server (this session)">
          log{' '}
          <select
            value={logLevel}
            disabled={s.status !== 'connected'}
            onChange={(e) => void setLogLevel(s.id, e.target.value as McpLogLevel | '')}
            data-testid="mcp-log-level"
          >
            <option value="">default</option>
            {MCP_LOG_LEVELS.map((l) => (
              <option key={l} value={l}>{l}</option>
            ))}
          </select>
        </label>
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
          data-testid="mcp-doctor"
          disabled={doctor === 'running'}
          title="Walk this server through its connection checks"
          onClick={() => {
            setDoctor('running');
            void runDoctor(s.id).then(setDoctor, (e: Error) => setDoctor({ error: e.message }));
          }}
        >
          {doctor === 'running' ? 'Checking…' : 'Doctor'}
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
      {doctor && doctor !== 'running' ? (
        'error' in doctor ? (
          <div className="wb-error small">Doctor: {doctor.error}</div>
        ) : (
          <DoctorReportView report={doctor} onClose={() => setDoctor(null)} />
        )
      ) : null}
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
      {!open ? (
        <div className="wb-row small muted" data-testid="mcp-card-folded">
          <span>Folded: {plural(s.toolCount, 'tool')}{s.instructions !== undefined ? ', instructions' : ''} and the inspector hidden.</span>
          <button className="link-button" onClick={() => setCardOpen(s.id, true)} data-testid="mcp-card-expand">
            Show
          </button>
        </div>
      ) : (
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
              <pre className="wb-pre small mi-instructions" data-testid="mcp-instructions-text">{s.instructions}</pre>
            </div>
          ) : null}
          <ServerInspector server={s} />
          {s.stderrTail.length ? (
            <details>
              <summary className="small">stderr (last {plural(s.stderrTail.length, 'line')})</summary>
              <pre className="wb-pre small" data-testid="mcp-stderr">{s.stderrTail.join('\n')}</pre>
            </details>
          ) : null}
        </>
      )}
    </div>
  );
}
