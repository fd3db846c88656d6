import { useEffect, useMemo, useRef, useState } from 'react';
import type { McpToolView } from '../../../../src-shared/contract/workbench-views';
import { useApp } from '../../store/app-context';
import { CallAppView } from '../mcp-apps/AppView';
import { mcpInspectorSelectors } from '../../store/mcp/inspector-selectors';
import { toolArgs, toolFields } from './tool-form';
import { TrafficLinkButton } from './TrafficLinkButton';
import { reveal } from './reveal';

/**
 * Calls one tool by hand: a form built from its input schema (strings, numbers, booleans,
 * enums; arrays and objects as JSON; required fields marked), run through the session's tool
 * path, and the result exactly as the model would see it.
 */
export function ToolCallForm({ server, tool }: { server: string; tool: McpToolView }) {
  const fields = useMemo(() => toolFields(tool.inputSchema), [tool.inputSchema]);
  const call = useApp(useMemo(() => mcpInspectorSelectors.toolCall(server, tool.originalName), [server, tool.originalName]));
  // The result shows under the form; brought into view when it arrives.
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => reveal(resultRef.current, 'nearest'), [call?.value]);
  const callTool = useApp((s) => s.callMcpTool);
  // The form's draft is this form's own.
  const [raw, setRaw] = useState<Record<string, string | boolean>>(() => Object.fromEntries(fields.map((f) => [f.name, f.initial])));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [errors, setErrors] = useState<string[]>([]);
  const edit = (name: string, v: string | boolean): void => {
    setRaw({ ...raw, [name]: v });
    setTouched(new Set(touched).add(name));
  };
  const run = (): void => {
    const r = toolArgs(fields, raw, touched);
    setErrors(r.errors);
    if (!r.errors.length) void callTool(server, tool.originalName, r.args);
  };
  return (
    <form
      className="mi-form"
      data-testid="mcp-tool-form"
      onSubmit={(e) => {
        e.preventDefault();
        run();
      }}
    >
      {fields.length === 0 ? <span className="small muted">This tool takes no arguments.</span> : null}
      {fields.map((f) => (
        <label key={f.name} className="mi-field" data-field={f.name}>
          <span>
            {f.title}
            {f.required ? <span className="req" title="required">*</span> : null}
            <span className="muted"> {f.type === 'json' ? f.shape : f.type}</span>
          </span>
          {f.type === 'boolean' ? (
            <input type="checkbox" name={f.name} checked={raw[f.name] === true} onChange={(e) => edit(f.name, e.target.checked)} />
          ) : f.type === 'enum' ? (
            <select name={f.name} value={String(raw[f.name] ?? '')} onChange={(e) => edit(f.name, e.target.value)}>
              <option value="">{f.required ? 'choose…' : '(not set)'}</option>
              {f.options!.map((o) => (
                <option key={o} value={o}>{o}</option>
              ))}
            </select>
          ) : f.type === 'json' ? (
            <textarea name={f.name} rows={3} value={String(raw[f.name] ?? '')} placeholder={f.shape} onChange={(e) => edit(f.name, e.target.value)} />
          ) : (
            <input name={f.name} type={f.type === 'string' ? 'text' : 'number'} step={f.type === 'integer' ? 1 : 'any'} value={String(raw[f.name] ?? '')} onChange={(e) => edit(f.name, e.target.value)} />
          )}
          {f.description ? <small className="muted">{f.description}</small> : null}
        </label>
      ))}
      {errors.length ? (
        <ul className="form-errors" data-testid="mcp-tool-form-errors">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      <div className="wb-toolbar">
        <button type="submit" className="primary" disabled={call?.loading} data-testid="mcp-tool-run">
          {call?.loading ? 'Calling…' : 'Call'}
        </button>
        <span className="small muted">Runs through the session's tool path (approvals, hooks) and is recorded.</span>
      </div>
      {call?.error ? <pre className="wb-pre small wb-error" data-testid="mcp-tool-call-error">{call.error}</pre> : null}
      {call?.value ? (
        <div ref={resultRef} data-testid="mcp-tool-result" data-error={call.value.isError}>
          <div className="label">
            What the model sees{call.value.isError ? ' (an error)' : ''} <TrafficLinkButton server={server} callId={call.value.callId} />
          </div>
          <pre className={`wb-pre small${call.value.isError ? ' mi-result-error' : ''}`} data-testid="mcp-tool-result-text">{call.value.text}</pre>
          {call.value.images.map((img, i) => (
            <img key={i} className="mi-img" alt={`image ${i + 1} of the result`} src={`data:${img.mimeType};base64,${img.data}`} />
          ))}
          {call.value.callId ? <CallAppView callId={call.value.callId} /> : null}
        </div>
      ) : null}
    </form>
  );
}
