import { useMemo, useState } from 'react';
import type { PendingDialog } from '../../../../src-shared/contract/views';
import { useApp } from '../../store/app-context';
import { formContent, formFields, initialValue, type FormValue } from './elicitation-schema';

/** An MCP server's elicitation request as a form: which server asks, accept / decline / cancel. */
export function ElicitationForm({ d }: { d: Extract<PendingDialog, { kind: 'elicitation' }> }) {
  const answerElicitation = useApp((s) => s.answerElicitation);
  const fields = useMemo(() => formFields(d.schema), [d.schema]);
  const [raw, setRaw] = useState<Record<string, FormValue>>(() => Object.fromEntries(fields.map((f) => [f.name, initialValue(f)])));
  const [errors, setErrors] = useState<string[]>([]);
  const answer = (action: 'accept' | 'decline' | 'cancel'): void => {
    let content: Record<string, unknown> | undefined;
    if (action === 'accept') {
      const r = formContent(fields, raw);
      if (r.errors.length) {
        setErrors(r.errors);
        return;
      }
      content = r.content;
    }
    void answerElicitation(d.requestId, action, content);
  };
  return (
    <div className="dialog" role="dialog" aria-label="MCP server asks" data-testid="elicitation-dialog">
      <h3>
        MCP server <code data-testid="elicitation-server">{d.server}</code> asks
      </h3>
      <pre className="question">{d.message}</pre>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          answer('accept');
        }}
      >
        {fields.map((f) => {
          // A multi-select holds labels of its own: its wrapper cannot be a label too.
          const Field = f.type === 'multi' ? 'div' : 'label';
          return (
          <Field key={f.name} className="form-field">
            <span>
              {f.title}
              {f.required ? ' *' : ''}
            </span>
            {f.type === 'multi' ? (
              <span className="form-multi" role="group" aria-label={f.title} data-testid="elicitation-multi">
                {f.options!.map((o) => {
                  const chosen = Array.isArray(raw[f.name]) ? (raw[f.name] as string[]) : [];
                  return (
                    <label key={o.value} className="small">
                      <input
                        type="checkbox"
                        name={f.name}
                        value={o.value}
                        checked={chosen.includes(o.value)}
                        onChange={(e) => setRaw({ ...raw, [f.name]: e.target.checked ? [...chosen, o.value] : chosen.filter((x) => x !== o.value) })}
                      />{' '}
                      {o.label}
                    </label>
                  );
                })}
              </span>
            ) : f.type === 'boolean' ? (
              <input type="checkbox" checked={Boolean(raw[f.name])} onChange={(e) => setRaw({ ...raw, [f.name]: e.target.checked })} />
            ) : f.type === 'enum' ? (
              <select value={String(raw[f.name] ?? '')} onChange={(e) => setRaw({ ...raw, [f.name]: e.target.value })}>
                <option value="">—</option>
                {f.options!.map((o) => (
                  <option key={o.value} value={o.value}>{o.label}</option>
                ))}
              </select>
            ) : (
              <input
                name={f.name}
                type={f.type === 'string' ? (f.format === 'email' ? 'email' : 'text') : 'number'}
                value={String(raw[f.name] ?? '')}
                onChange={(e) => setRaw({ ...raw, [f.name]: e.target.value })}
              />
            )}
            {f.description ? <small className="muted">{f.description}</small> : null}
          </Field>
          );
        })}
        {errors.length ? (
          <ul className="form-errors">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : null}
        <div className="dialog-actions">
          <button type="submit" className="primary" data-testid="elicitation-accept">Accept</button>
          <button type="button" data-testid="elicitation-decline" onClick={() => answer('decline')}>Decline</button>
          <button type="button" data-testid="elicitation-cancel" onClick={() => answer('cancel')}>Cancel</button>
        </div>
      </form>
    </div>
  );
}
