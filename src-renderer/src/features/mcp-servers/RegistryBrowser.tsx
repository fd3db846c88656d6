import { useState } from 'react';
import type { RegistryEntryView } from '../../../../src-shared/contract/skills-registry-views';
import { useApp } from '../../store/app-context';

/** One entry: its versions, ways to run it, what it needs, and Install. */
function EntryDetails({ entry, onClose }: { entry: RegistryEntryView; onClose(): void }) {
  const versionsOf = useApp((s) => s.registryVersions);
  const install = useApp((s) => s.installFromRegistry);
  const [versions, setVersions] = useState<RegistryEntryView[] | null>(null);
  const [current, setCurrent] = useState(entry);
  const firstOk = current.options.find((o) => !o.unsupported)?.key ?? '';
  const [option, setOption] = useState(firstOk);
  const [id, setId] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const opt = current.options.find((o) => o.key === option);
  const loadVersions = (): void => {
    if (!versions) void versionsOf(entry.name).then(setVersions, (e: Error) => setError(e.message));
  };
  return (
    <div className="wb-card" data-testid="registry-entry" data-name={current.name}>
      <div className="wb-row">
        <strong>{current.title ?? current.name}</strong>
        <span className="small muted">{current.name}</span>
        <span className="wb-spacer" />
        <button className="link-button" onClick={onClose}>
          Back
        </button>
      </div>
      <div className="small">{current.description}</div>
      <div className="wb-row small">
        <label>
          version{' '}
          <select value={current.version} onFocus={loadVersions} onMouseDown={loadVersions} onChange={(e) => setCurrent(versions?.find((v) => v.version === e.target.value) ?? current)} data-testid="registry-version">
            {(versions ?? [current]).map((v) => (
              <option key={v.version} value={v.version}>
                {v.version}
                {v.status && v.status !== 'active' ? ` (${v.status})` : ''}
              </option>
            ))}
          </select>
        </label>
        <span className="muted">from {current.registry}</span>
        {current.installedAs ? <span className="wb-badge">installed as {current.installedAs}</span> : null}
      </div>
      <div className="label">How to run it</div>
      {current.options.map((o) => (
        <label key={o.key} className="small registry-option" data-testid="registry-option">
          <input type="radio" name="registry-option" disabled={!!o.unsupported} checked={option === o.key} onChange={() => setOption(o.key)} /> <code>{o.label}</code> <span className="wb-badge">{o.transport}</span>
          {o.unsupported ? <span className="muted"> — {o.unsupported}</span> : null}
        </label>
      ))}
      {opt && opt.inputs.length ? <div className="label">Variables and headers</div> : null}
      {opt?.inputs.map((i) => (
        <label key={i.key} className="small registry-input" data-testid="registry-input" data-key={i.key}>
          <span>
            <code>{i.key}</code> <span className="muted">({i.target}{i.isRequired ? ', required' : ''}{i.isSecret ? ', secret: kept in the key store' : ''})</span>
            {i.description ? <span className="muted"> {i.description}</span> : null}
          </span>
          <input type={i.isSecret ? 'password' : 'text'} placeholder={i.default ?? ''} value={values[i.key] ?? ''} onChange={(e) => setValues({ ...values, [i.key]: e.target.value })} />
        </label>
      ))}
      <div className="wb-toolbar">
        <label className="small">
          server id <input value={id} placeholder={current.name.split('/').pop()} onChange={(e) => setId(e.target.value)} data-testid="registry-id" />
        </label>
        <button
          className="primary"
          disabled={!opt || !!opt.unsupported}
          data-testid="registry-install"
          onClick={() => void install(current.name, current.version, option, id, values).then((err) => (err ? setError(err) : onClose()))}
        >
          Install {current.version}
        </button>
      </div>
      {error ? <pre className="wb-error small" data-testid="registry-error">{error}</pre> : null}
    </div>
  );
}

/** The MCP Registry browser: search the configured registries, look at an entry, install it. */
export function RegistryBrowser() {
  const search = useApp((s) => s.searchRegistry);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<RegistryEntryView[] | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<RegistryEntryView | null>(null);
  const run = (): void => {
    setError(null);
    void search(query).then(
      (r) => {
        setResults(r.entries);
        setFailures(r.failures);
      },
      (e: Error) => setError(e.message),
    );
  };
  if (open) return <EntryDetails entry={open} onClose={() => setOpen(null)} />;
  return (
    <div className="wb-card" data-testid="registry-browser">
      <div className="wb-toolbar">
        <input value={query} onChange={(e) => setQuery(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && run()} placeholder="Search the MCP Registry" data-testid="registry-query" />
        <button className="primary" onClick={run} data-testid="registry-search">
          Search
        </button>
      </div>
      {error ? <pre className="wb-error small" data-testid="registry-error">{error}</pre> : null}
      {failures.map((f, i) => (
        <div key={i} className="wb-error small">{f}</div>
      ))}
      {results && !results.length ? <p className="muted small">Nothing found.</p> : null}
      {results?.map((r) => (
        <button key={`${r.registry} ${r.name}`} className="registry-hit" onClick={() => setOpen(r)} data-testid="registry-hit" data-name={r.name}>
          <strong>{r.title ?? r.name}</strong> <span className="small muted">{r.name}@{r.version}</span>
          {r.installedAs ? <span className="wb-badge">installed</span> : null}
          <span className="small">{r.options.map((o) => o.transport === 'stdio' ? o.kind : `${o.kind} ${o.transport}`).join(' · ')}</span>
          <span className="small muted">{r.description}</span>
        </button>
      ))}
    </div>
  );
}
