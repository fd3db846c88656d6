import { useEffect, useMemo, useRef, useState } from 'react';
import type { McpPromptResultView } from '../../../../src-shared/contract/mcp-inspector-views';
import { useApp } from '../../store/app-context';
import { mcpInspectorSelectors } from '../../store/mcp/inspector-selectors';
import type { Loaded } from '../../store/mcp/inspector-state';
import { prettyJson } from '../tool-calls/format';
import { PromptArgsForm } from './PromptArgsForm';
import { reveal } from './reveal';

/**
 * A server's prompts: *Use…* fills a prompt's arguments (with completion) and puts the prompt's
 * text in the message box to edit and send; *Preview* shows its messages right under it;
 * *Attach* sends it in front of the next message as the server's text.
 */
export function PromptsTab({ server }: { server: string }) {
  const prompts = useApp(useMemo(() => mcpInspectorSelectors.prompts(server), [server]));
  const result = useApp(useMemo(() => mcpInspectorSelectors.promptResult(server), [server]));
  const load = useApp((s) => s.loadMcpPrompts);
  const get = useApp((s) => s.getMcpPrompt);
  const use = useApp((s) => s.useMcpPromptInComposer);
  const attach = useApp((s) => s.addMcpAttachment);
  const [open, setOpen] = useState<string | null>(null);
  // What the last button asked for: the preview shows only when asked (a use shows only its outcome).
  const [asked, setAsked] = useState<{ name: string; kind: 'preview' | 'use' } | null>(null);
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
                    <PromptArgsForm
                      key={p.name}
                      server={server}
                      prompt={p}
                      submitLabel="Use in message"
                      onSubmit={(args) => {
                        setAsked({ name: p.name, kind: 'use' });
                        void use(server, p.name, args);
                      }}
                      more={[
                        {
                          label: 'Preview',
                          testId: 'mcp-prompt-preview',
                          title: 'Show the messages the prompt returns, here',
                          onSubmit: (args) => {
                            setAsked({ name: p.name, kind: 'preview' });
                            void get(server, p.name, args);
                          },
                        },
                        {
                          label: 'Attach',
                          testId: 'mcp-prompt-attach',
                          title: "Send it in front of your next message, marked as the server's text",
                          onSubmit: (args) => attach({ kind: 'prompt', server, name: p.name, args }),
                        },
                      ]}
                    />
                    {result && result.name === p.name && asked?.name === p.name ? <PromptOutput result={result} kind={asked.kind} /> : null}
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
    </div>
  );
}

/** Under the prompt's form: its messages (Preview), or what became of *Use in message*. */
function PromptOutput({ result, kind }: { result: { name: string } & Loaded<McpPromptResultView>; kind: 'preview' | 'use' }) {
  const ref = useRef<HTMLDivElement>(null);
  const settled = result.loading ? 'loading' : result.error ? 'error' : 'done';
  useEffect(() => reveal(ref.current, 'nearest'), [settled, kind]);
  return (
    <div ref={ref} className="mi-output" data-testid="mcp-prompt-result">
      {result.loading ? <span className="small muted">Getting…</span> : null}
      {result.error ? <pre className="wb-pre small wb-error" data-testid="mcp-prompt-error">{result.error}</pre> : null}
      {kind === 'use' && !result.loading && !result.error ? (
        <span className="small wb-ok" data-testid="mcp-prompt-used">
          Put in the message box: edit it there and send.
        </span>
      ) : null}
      {kind === 'preview' && result.value ? (
        <>
          <div className="wb-row small">
            <strong>Messages of</strong> <code>{result.name}</code>
          </div>
          {result.value.description ? <div className="small muted">{result.value.description}</div> : null}
          {result.value.messages.map((m, i) => (
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
        </>
      ) : null}
    </div>
  );
}
