import { useState } from 'react';
import type { McpServerView } from '../../../../src-shared/contract/workbench-views';
import { useApp } from '../../store/app-context';
import { BreakableName } from '../tool-calls/BreakableName';
import { ToolCallForm } from './ToolCallForm';

/** A server's tools: each with its switch (saved as `disabledTools`), its schema, and Call… by hand. */
export function ToolsTab({ server }: { server: McpServerView }) {
  const setToolEnabled = useApp((st) => st.setMcpToolEnabled);
  // Which tool's call form is open is this tab's own.
  const [calling, setCalling] = useState<string | null>(null);
  const s = server;
  if (!s.tools.length) return <p className="small muted">{s.status === 'connected' ? 'This server has no tools.' : s.status === 'connecting' ? 'Connecting… its tools are listed once it is connected.' : 'Tools are listed once the server is connected.'}</p>;
  return (
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
              <div className="wb-row mi-tool-head">
                <code>
                  <BreakableName name={t.name} />
                </code>
                {t.enabled && !t.registered ? <span className="wb-warn small"> (name taken by another tool)</span> : null}
                <span className="wb-spacer" />
                <button
                  className="link-button"
                  data-testid="mcp-tool-call"
                  disabled={!t.enabled || !t.registered || s.status !== 'connected'}
                  title={!t.enabled ? 'Switch the tool on to call it' : 'Call this tool by hand'}
                  onClick={() => setCalling(calling === t.originalName ? null : t.originalName)}
                >
                  {calling === t.originalName ? 'Close' : 'Call…'}
                </button>
              </div>
              <div className="small muted">{t.description}</div>
              <details>
                <summary className="small">schema</summary>
                <pre className="wb-pre small">{JSON.stringify(t.inputSchema, null, 2)}</pre>
              </details>
              {calling === t.originalName ? <ToolCallForm server={s.id} tool={t} /> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
