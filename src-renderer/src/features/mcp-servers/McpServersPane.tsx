import { useCallback, useEffect, useRef, useState } from 'react';
import type { McpActionResult, McpSnapshot, ServerConfigInput } from '../../../../src-shared/contract/workbench-views';
import { useGlassboxApi } from '../../app/app-context';
import { emptyServerForm, formFromServer, type ServerForm } from './server-form';
import { ServerCard } from './ServerCard';
import { ServerFormView } from './ServerFormView';
import '../workbench.css';

/**
 * The MCP servers page: every server with its status, tools and instructions; add, edit,
 * remove, enable, disable, restart; import a Claude Desktop / Cursor / VS Code config by paste
 * or file; and exactly the instruction messages the model receives.
 */
export function McpServersPane() {
  const api = useGlassboxApi();
  const [snap, setSnap] = useState<McpSnapshot | null>(null);
  const [form, setForm] = useState<{ initial: ServerForm; editing: boolean } | null>(null);
  const [importing, setImporting] = useState(false);
  const [importText, setImportText] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    api.mcp.snapshot().then(setSnap, (err: unknown) => setMessage({ ok: false, text: (err as Error).message }));
    return api.mcp.onChanged(setSnap);
  }, [api]);

  const act = useCallback(async (what: string, run: () => Promise<McpActionResult>): Promise<void> => {
    setBusy(what);
    setMessage(null);
    try {
      const r = await run();
      setSnap(r.snapshot);
      if (!r.ok) setMessage({ ok: false, text: `${what}: ${r.error}` });
    } catch (err) {
      setMessage({ ok: false, text: `${what}: ${(err as Error).message}` });
    } finally {
      setBusy(null);
    }
  }, []);

  const submit = async (id: string, input: ServerConfigInput): Promise<string | null> => {
    try {
      const r = form?.editing ? await api.mcp.update(id, input) : await api.mcp.add(id, input);
      setSnap(r.snapshot);
      if (!r.ok) return r.error;
      setForm(null);
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  };

  const doImport = async (): Promise<void> => {
    await act('Import', () => api.mcp.import(importText));
    setImporting(false);
    setImportText('');
  };

  const servers = snap?.servers ?? [];
  return (
    <div className="wb-pane" data-testid="mcp-pane">
      <div className="wb-toolbar">
        <button className="primary" onClick={() => setForm({ initial: emptyServerForm(), editing: false })} data-testid="mcp-add">
          Add server
        </button>
        <button onClick={() => setImporting(!importing)} data-testid="mcp-import-open">
          Import…
        </button>
        {busy ? <span className="muted small">{busy}…</span> : null}
      </div>
      {message ? (
        <pre className={message.ok ? 'wb-ok' : 'wb-error'} data-testid="mcp-message">
          {message.text}
        </pre>
      ) : null}
      {importing ? (
        <div className="wb-card" data-testid="mcp-import">
          <strong>Import servers</strong>
          <span className="small muted">Paste a Claude Desktop or Cursor config (“mcpServers”), a VS Code one (“servers”) or a .mcp.json — or pick the file.</span>
          <textarea rows={6} value={importText} onChange={(e) => setImportText(e.target.value)} placeholder='{"mcpServers": {"files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]}}}' data-testid="mcp-import-text" />
          <div className="wb-toolbar">
            <input
              ref={fileRef}
              type="file"
              accept=".json,application/json"
              data-testid="mcp-import-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void file.text().then(setImportText);
              }}
            />
            <button className="primary" onClick={() => void doImport()} disabled={!importText.trim()} data-testid="mcp-import-run">
              Import
            </button>
          </div>
        </div>
      ) : null}
      {form ? <ServerFormView key={form.initial.id || 'new'} initial={form.initial} editing={form.editing} onSubmit={submit} onCancel={() => setForm(null)} /> : null}
      {snap && servers.length === 0 ? <p className="muted">No MCP servers configured. Add one, or import the config you use with another app.</p> : null}
      {servers.map((s) => (
        <ServerCard key={s.id} server={s} act={act} onEdit={() => setForm({ initial: formFromServer(s.id, s.config), editing: true })} />
      ))}
      <div className="label">What the model receives from MCP servers</div>
      {snap && snap.instructionsForModel.length ? (
        <div data-testid="mcp-model-instructions">
          {snap.instructionsForModel.map((m, i) => (
            <pre key={i} className="wb-pre small" data-testid="mcp-model-message">
              {m}
            </pre>
          ))}
        </div>
      ) : (
        <p className="muted small" data-testid="mcp-model-instructions-none">
          Nothing: no connected server has instructions switched on.
        </p>
      )}
    </div>
  );
}
