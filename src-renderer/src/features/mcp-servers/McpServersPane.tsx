import { useEffect, useRef, useState } from 'react';
import { useApp } from '../../store/app-context';
import { mcpSelectors } from '../../store/mcp/selectors';
import { emptyServerForm, formFromServer, type ServerForm } from './server-form';
import { ServerCard } from './ServerCard';
import { ServerFormView } from './ServerFormView';
import { RegistryBrowser } from './RegistryBrowser';
import { SkillsSection } from './SkillsSection';
import type { ServerConfigInput } from '../../../../src-shared/contract/workbench-views';
import '../workbench.css';

/**
 * The MCP servers page: every server with its status, tools and instructions; add, edit,
 * remove, enable, disable, restart; import a Claude Desktop / Cursor / VS Code config by paste
 * or file; and exactly the instruction messages the model receives.
 */
export function McpServersPane() {
  const snap = useApp(mcpSelectors.snapshot);
  const servers = useApp(mcpSelectors.servers);
  const message = useApp(mcpSelectors.message);
  const busy = useApp(mcpSelectors.busy);
  // The servers listed are the session's being left while another opens: not shown as this one's.
  const stale = useApp(mcpSelectors.stale);
  const watch = useApp((s) => s.watchMcp);
  const save = useApp((s) => s.saveMcpServer);
  const importServers = useApp((s) => s.importMcpServers);
  // The form and the import box are this page's own: what the user is typing.
  const [form, setForm] = useState<{ initial: ServerForm; editing: boolean } | null>(null);
  const [importing, setImporting] = useState(false);
  const [importText, setImportText] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const [browsing, setBrowsing] = useState(false);
  const updatesOf = useApp((s) => s.registryUpdates);
  const [updates, setUpdates] = useState<Record<string, string>>({});

  useEffect(() => watch(), [watch]);
  // Servers still connecting whose instructions would go to the model.
  const connecting = servers.filter((s) => s.status === 'connecting' && s.includeInstructions).map((s) => s.id);
  // Servers installed from a registry: is there a newer version? (Asked once per visit of the pane.)
  const installedKey = servers.filter((s) => s.config.registry).map((s) => s.id).join(',');
  useEffect(() => {
    if (installedKey) void updatesOf().then(setUpdates);
  }, [installedKey, updatesOf]);

  const submit = async (id: string, input: ServerConfigInput): Promise<string | null> => {
    const err = await save(id, input, !!form?.editing);
    if (err === null) setForm(null);
    return err;
  };

  const doImport = async (): Promise<void> => {
    await importServers(importText);
    setImporting(false);
    setImportText('');
  };

  return (
    <div className="wb-pane" data-testid="mcp-pane">
      <div className="wb-toolbar">
        <button className="primary" onClick={() => setForm({ initial: emptyServerForm(), editing: false })} data-testid="mcp-add">
          Add server
        </button>
        <button onClick={() => setImporting(!importing)} data-testid="mcp-import-open">
          Import…
        </button>
        <button onClick={() => setBrowsing(!browsing)} data-testid="mcp-browse-registry">
          {browsing ? 'Close registry' : 'Browse registry'}
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
      {browsing ? <RegistryBrowser /> : null}
      {form ? <ServerFormView key={form.initial.id || 'new'} initial={form.initial} editing={form.editing} onSubmit={submit} onCancel={() => setForm(null)} /> : null}
      {!snap || stale ? (
        <p className="muted" data-testid="mcp-opening">Opening the session: its servers connect…</p>
      ) : servers.length === 0 ? (
        <p className="muted">No MCP servers configured. Add one, or import the config you use with another app.</p>
      ) : (
        servers.map((s) => <ServerCard key={s.id} server={s} newerVersion={updates[s.id]} onEdit={() => setForm({ initial: formFromServer(s.id, s.config), editing: true })} />)
      )}
      <div className="label">What the model receives from MCP servers</div>
      {!snap || stale || (connecting.length && !snap.instructionsForModel.length) ? (
        <p className="muted small" data-testid="mcp-model-instructions-waiting">
          {snap && !stale ? `Waiting for ${connecting.join(', ')} to connect…` : 'Known once the servers have connected.'}
        </p>
      ) : snap.instructionsForModel.length ? (
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
      <SkillsSection />
    </div>
  );
}
