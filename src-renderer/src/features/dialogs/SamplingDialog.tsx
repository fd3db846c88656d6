import { useEffect, useRef } from 'react';
import type { PendingDialog } from '../../../../src-shared/contract/views';
import { useApp } from '../../store/app-context';
import { prettyJson } from '../tool-calls/format';

type Dialog = Extract<PendingDialog, { kind: 'elicitation' }>;

interface SamplingParams {
  messages?: Array<{ role?: string; content?: unknown }>;
  systemPrompt?: string;
  maxTokens?: number;
  tools?: Array<{ name?: string; description?: string }>;
  [k: string]: unknown;
}

/** One content block (or a list of them) as it is shown: text as text, images as images, the rest named. */
function Content({ content }: { content: unknown }) {
  const blocks = Array.isArray(content) ? content : [content];
  return (
    <>
      {blocks.map((b, i) => {
        const x = b as { type?: string; text?: string; data?: string; mimeType?: string; name?: string; input?: unknown };
        if (x?.type === 'text') return <pre key={i} className="question" data-testid="sampling-text">{x.text ?? ''}</pre>;
        if (x?.type === 'image' && typeof x.data === 'string' && /^image\/(png|jpeg|gif|webp)$/.test(x.mimeType ?? '')) {
          return <img key={i} alt="image in the request" style={{ maxWidth: '100%', maxHeight: 200 }} src={`data:${x.mimeType};base64,${x.data}`} />;
        }
        if (x?.type === 'tool_use') return <pre key={i} className="question">{`[tool use: ${x.name ?? ''}] ${prettyJson(x.input)}`}</pre>;
        return <pre key={i} className="question">{`[${x?.type ?? 'content'}${x?.mimeType ? ` ${x.mimeType}` : ''}]`}</pre>;
      })}
    </>
  );
}

/** What else the request asks (temperature, model preferences, context…), as JSON. */
function rest(req: SamplingParams): Record<string, unknown> {
  const { messages: _m, systemPrompt: _s, maxTokens: _t, tools: _u, ...others } = req;
  return others;
}

/**
 * An MCP server asks to use the session's model (`sampling/createMessage`): the whole request
 * — system prompt, messages, tools, max tokens — before anything reaches the model; Approve
 * sends it, Deny answers the server "user rejected".
 */
export function SamplingRequestDialog({ d }: { d: Dialog }) {
  const answer = useApp((s) => s.answerElicitation);
  const req = (d.mcp?.request ?? {}) as SamplingParams;
  const others = rest(req);
  const approveRef = useRef<HTMLButtonElement>(null);
  useEffect(() => approveRef.current?.focus(), []);
  return (
    <div className="dialog" role="dialog" aria-label="MCP server asks to use your model" data-testid="sampling-dialog">
      <h3>
        MCP server <code data-testid="sampling-server">{d.server}</code> asks to use your model
      </h3>
      {req.systemPrompt ? (
        <>
          <div className="label">System prompt</div>
          <pre className="question" data-testid="sampling-system">{req.systemPrompt}</pre>
        </>
      ) : null}
      <div className="label">Messages</div>
      <div data-testid="sampling-messages">
        {(req.messages ?? []).map((m, i) => (
          <div key={i}>
            <span className="small muted">{m.role ?? '?'}</span>
            <Content content={m.content} />
          </div>
        ))}
      </div>
      {req.tools?.length ? (
        <>
          <div className="label">Tools offered to the model</div>
          <ul className="reasons" data-testid="sampling-tools">
            {req.tools.map((t, i) => (
              <li key={i}>
                <code>{t.name}</code> {t.description ? <span className="muted">{t.description}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="small muted" data-testid="sampling-max-tokens">
        At most {req.maxTokens ?? '—'} tokens{d.mcp?.callId ? ` · during call ${d.mcp.callId}` : ''}
      </div>
      {Object.keys(others).length ? (
        <details>
          <summary className="small">Other parameters</summary>
          <pre className="approval-args">{prettyJson(others)}</pre>
        </details>
      ) : null}
      <div className="dialog-actions">
        <button ref={approveRef} className="primary" data-testid="sampling-approve" onClick={() => void answer(d.requestId, 'accept')}>
          Approve and send to the model
        </button>
        <button className="danger" data-testid="sampling-deny" onClick={() => void answer(d.requestId, 'decline')}>
          Deny
        </button>
      </div>
    </div>
  );
}

function usd(n: number): string {
  return n < 0.01 ? `$${n.toFixed(4)}` : `$${n.toFixed(2)}`;
}

/** The model answered a server's sampling request: the answer and its cost, before it goes back. */
export function SamplingResultDialog({ d }: { d: Dialog }) {
  const answer = useApp((s) => s.answerElicitation);
  const result = (d.mcp?.result ?? {}) as { role?: string; content?: unknown; model?: string; stopReason?: string };
  const cost = d.mcp?.cost;
  return (
    <div className="dialog" role="dialog" aria-label="Send the model's answer to the MCP server" data-testid="sampling-result-dialog">
      <h3>
        Send this answer to <code>{d.server}</code>?
      </h3>
      <div className="label">The model answered</div>
      <div data-testid="sampling-answer">
        <Content content={result.content} />
      </div>
      <div className="small muted" data-testid="sampling-cost">
        {result.model ? `${result.model} · ` : ''}
        {result.stopReason ? `stop: ${result.stopReason} · ` : ''}
        {cost ? `${cost.inputTokens ?? '?'} in / ${cost.outputTokens ?? '?'} out tokens · ${cost.usd === null ? 'cost unknown (no price for this model)' : usd(cost.usd)}` : 'cost not reported'}
      </div>
      <div className="dialog-actions">
        <button className="primary" data-testid="sampling-send" onClick={() => void answer(d.requestId, 'accept')}>
          Send to the server
        </button>
        <button className="danger" data-testid="sampling-result-deny" onClick={() => void answer(d.requestId, 'decline')}>
          Deny
        </button>
      </div>
    </div>
  );
}

/** A server asks you to open a page (URL elicitation): the address in full, opened only if you agree. */
export function UrlElicitationDialog({ d }: { d: Dialog }) {
  const answer = useApp((s) => s.answerElicitation);
  const url = d.mcp?.url ?? '';
  let host = '';
  try {
    host = new URL(url).host;
  } catch {
    host = '';
  }
  return (
    <div className="dialog" role="dialog" aria-label="MCP server asks you to open a page" data-testid="url-elicitation-dialog">
      <h3>
        MCP server <code>{d.server}</code> asks you to open a page
      </h3>
      <pre className="question">{d.message.split('\n\nMCP server ')[0]}</pre>
      <div className="small">
        Site: <strong data-testid="url-elicitation-host">{host || 'unknown'}</strong>
      </div>
      <pre className="approval-command" data-testid="url-elicitation-url">{url}</pre>
      <div className="small muted">Open it only if you trust this site. Nothing is opened unless you agree.</div>
      <div className="dialog-actions">
        <button className="primary" data-testid="url-elicitation-open" onClick={() => void answer(d.requestId, 'accept')}>
          Open in the browser
        </button>
        <button data-testid="url-elicitation-decline" onClick={() => void answer(d.requestId, 'decline')}>
          Decline
        </button>
        <button data-testid="url-elicitation-cancel" onClick={() => void answer(d.requestId, 'cancel')}>
          Cancel
        </button>
      </div>
    </div>
  );
}
