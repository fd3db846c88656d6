import { useEffect, useMemo, useState } from 'react';
import { useApp } from '../../store/app-context';
import { mcpInspectorSelectors } from '../../store/mcp/inspector-selectors';
import { prettyJson } from '../tool-calls/format';
import { PromptArgsForm } from './PromptArgsForm';

/** A server's prompts: fill a prompt's arguments (with completion), get its messages, or attach it to the next message. */
export function PromptsTab({ server }: { server: string }) {
  const prompts = useApp(useMemo(() => mcpInspectorSelectors.prompts(server), [server]));
  const result = useApp(useMemo(() => mcpInspectorSelectors.promptResult(server), [server]));
  const load = useApp((s) => s.loadMcpPrompts);
  const get = useApp((s) => s.getMcpPrompt);
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    void load(server);
  }, [load, server]);
  const list = prompts?.value ?? [];
  return (
    <div className="mi-tab" data-testid="mcp-prompts-tab">
      <div className="wb-toolbar">
        <span className="small muted">{prompts?.value ? `${list.length} prompt${list.length === 1 ? '' : 's'} · in the composer as /${server}:name` : prompts?.loading ? 'Listing…' : ''}</span>
        <span className="wb-spacer" />
        <button onClick={() => void load(server)} disabled={prompts?.loading}>Refresh</button>
      </div>
      {prompts?.error ? <pre className="wb-pre small wb-error">{prompts.error}</pre> : null}
      {prompts?.value && !list.length ? <p className="small muted">This server has no prompts.</p> : null}
      {list.length ? (
        <div className="mi-list" data-testid="mcp-prompts">
          {list.map((p) => (
            <div key={p.name} className={`mi-item${open === p.name ? ' active' : ''}`} data-testid="mcp-prompt" data-prompt={p.name}>
              <div className="mi-grow">
                <strong>{p.title ?? p.name}</strong> {p.title ? <code className="small muted">{p.name}</code> : null}
                {p.arguments.length ? <span className="small muted"> ({p.arguments.map((a) => a.name + (a.required ? '*' : '')).join(', ')})</span> : null}
                {p.description ? <div className="small muted">{p.description}</div> : null}
                {open === p.name ? (
                  <>
                    <PromptArgsForm key={p.name} server={server} prompt={p} submitLabel="Get" onSubmit={(args) => void get(server, p.name, args)} />
                    <PromptAttach server={server} name={p.name} hasArgs={p.arguments.length > 0} />
                  </>
                ) : null}
              </div>
              <button className="link-button" onClick={() => setOpen(open === p.name ? null : p.name)} data-testid="mcp-prompt-open">
                {open === p.name ? 'Close' : 'Use…'}
              </button>
            </div>
          ))}
        </div>
      ) : null}
      {result ? (
        <div data-testid="mcp-prompt-result">
          <div className="wb-row small">
            <strong>Messages of</strong> <code>{result.name}</code>
          </div>
          {result.loading ? <span className="small muted">Getting…</span> : null}
          {result.error ? <pre className="wb-pre small wb-error" data-testid="mcp-prompt-error">{result.error}</pre> : null}
          {result.value?.description ? <div className="small muted">{result.value.description}</div> : null}
          {result.value?.messages.map((m, i) => (
            <div key={i} className="mi-tab" data-testid="mcp-prompt-message">
              <span className="wb-badge" style={{ alignSelf: 'flex-start' }}>{m.role}</span>
              <pre className="wb-pre small" data-testid="mcp-prompt-message-text">{m.text}</pre>
              {m.content && (m.content as { type?: string }).type !== 'text' ? (
                <details>
                  <summary className="small">content as sent</summary>
                  <pre className="wb-pre small">{prettyJson(m.content)}</pre>
                </details>
              ) : null}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The last prompt got, attached as is (its arguments) to the next message. */
function PromptAttach({ server, name, hasArgs }: { server: string; name: string; hasArgs: boolean }) {
  const attach = useApp((s) => s.addMcpAttachment);
  const result = useApp(useMemo(() => mcpInspectorSelectors.promptResult(server), [server]));
  if (hasArgs) return <span className="small muted">To use it in a message, type /{server}:{name} in the composer.</span>;
  return (
    <button type="button" className="link-button" disabled={result?.loading} onClick={() => attach({ kind: 'prompt', server, name, args: {} })}>
      Attach to the next message
    </button>
  );
}
