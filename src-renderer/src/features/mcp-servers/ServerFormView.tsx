import { useState } from 'react';
import { inputFromForm, type FormEntry, type ServerForm } from './server-form';
import type { ServerConfigInput } from '../../../../src-shared/contract/workbench-views';

function EntriesEditor({ label, rows, onChange, testId }: { label: string; rows: FormEntry[]; onChange(rows: FormEntry[]): void; testId: string }) {
  const set = (i: number, patch: Partial<FormEntry>): void => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="wb-entries" data-testid={testId}>
      {rows.map((r, i) => (
        <div className="wb-entry" key={i}>
          <input value={r.key} placeholder="NAME" aria-label={`${label} name`} onChange={(e) => set(i, { key: e.target.value })} />
          <input
            type={r.kept ? 'password' : 'text'}
            value={r.value}
            // A kept secret stays on the host; typing here replaces it.
            placeholder={r.kept ? '•••••••• (secret kept; type to replace)' : 'value or ${env:NAME}'}
            aria-label={`${label} value`}
            data-masked={r.kept ? 'true' : 'false'}
            onChange={(e) => set(i, { value: e.target.value })}
          />
          <button onClick={() => onChange(rows.filter((_, j) => j !== i))} title="Remove">
            ✕
          </button>
        </div>
      ))}
      <button onClick={() => onChange([...rows, { key: '', value: '', kept: false }])} data-testid={`${testId}-add`}>
        + {label}
      </button>
    </div>
  );
}

/** The add / edit form of an MCP server. Secrets stay masked; only new values are sent. */
export function ServerFormView({
  initial,
  editing,
  onSubmit,
  onCancel,
}: {
  initial: ServerForm;
  editing: boolean;
  onSubmit(id: string, input: ServerConfigInput): Promise<string | null>;
  onCancel(): void;
}) {
  const [f, setF] = useState<ServerForm>(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ServerForm>): void => setF({ ...f, ...patch });
  const submit = async (): Promise<void> => {
    const r = inputFromForm(f);
    if (!r.ok) return setError(r.reason);
    setBusy(true);
    setError(null);
    const err = await onSubmit(r.id, r.input);
    setBusy(false);
    if (err) setError(err);
  };
  return (
    <div className="wb-card" data-testid="mcp-server-form">
      <strong>{editing ? `Edit ${f.id}` : 'Add an MCP server'}</strong>
      <div className="wb-form">
        <label htmlFor="mcp-id">Id</label>
        <input id="mcp-id" value={f.id} disabled={editing} onChange={(e) => set({ id: e.target.value })} placeholder="everything" data-testid="mcp-form-id" />
        <label htmlFor="mcp-transport">Transport</label>
        <select id="mcp-transport" value={f.transport} onChange={(e) => set({ transport: e.target.value as ServerForm['transport'] })} data-testid="mcp-form-transport">
          <option value="stdio">stdio (a command)</option>
          <option value="http">Streamable HTTP</option>
          <option value="sse">SSE (legacy)</option>
        </select>
        {f.transport === 'stdio' ? (
          <>
            <label htmlFor="mcp-command">Command</label>
            <input id="mcp-command" value={f.command} onChange={(e) => set({ command: e.target.value })} placeholder="npx" data-testid="mcp-form-command" />
            <label htmlFor="mcp-args">Arguments</label>
            <textarea id="mcp-args" value={f.args} onChange={(e) => set({ args: e.target.value })} placeholder={'one per line\n-y\n@modelcontextprotocol/server-everything'} data-testid="mcp-form-args" />
            <label htmlFor="mcp-cwd">Working dir</label>
            <input id="mcp-cwd" value={f.cwd} onChange={(e) => set({ cwd: e.target.value })} placeholder="(optional)" />
            <label>Environment</label>
            <EntriesEditor label="variable" rows={f.env} onChange={(env) => set({ env })} testId="mcp-form-env" />
          </>
        ) : (
          <>
            <label htmlFor="mcp-url">URL</label>
            <input id="mcp-url" value={f.url} onChange={(e) => set({ url: e.target.value })} placeholder="http://127.0.0.1:3001/mcp" data-testid="mcp-form-url" />
            <label>Headers</label>
            <EntriesEditor label="header" rows={f.headers} onChange={(headers) => set({ headers })} testId="mcp-form-headers" />
          </>
        )}
        <label htmlFor="mcp-timeout">Timeout (ms)</label>
        <input id="mcp-timeout" value={f.timeoutMs} onChange={(e) => set({ timeoutMs: e.target.value })} placeholder="60000" />
        <label htmlFor="mcp-instr">Instructions</label>
        <label>
          <input id="mcp-instr" type="checkbox" checked={f.includeInstructions} onChange={(e) => set({ includeInstructions: e.target.checked })} /> include in the model’s prompt
        </label>
      </div>
      {error ? <pre className="wb-error small" data-testid="mcp-form-error">{error}</pre> : null}
      <div className="wb-toolbar">
        <button className="primary" onClick={() => void submit()} disabled={busy} data-testid="mcp-form-save">
          {busy ? 'Connecting…' : editing ? 'Save and reconnect' : 'Add and connect'}
        </button>
        <button onClick={onCancel}>Cancel</button>
      </div>
    </div>
  );
}
