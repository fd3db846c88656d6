import { useState } from 'react';
import type { McpPromptView } from '../../../../src-shared/contract/mcp-inspector-views';
import { useApp } from '../../store/app-context';
import { CompletingInput } from './CompletingInput';

/**
 * A prompt's arguments, each completed by the server as you type (the other arguments are
 * the context, so one can narrow the next); required ones are marked. `onSubmit` gets them.
 */
export function PromptArgsForm({
  server,
  prompt,
  submitLabel,
  onSubmit,
  autoFocus,
  testId,
  more,
}: {
  server: string;
  prompt: McpPromptView;
  submitLabel: string;
  onSubmit(args: Record<string, string>): void;
  autoFocus?: boolean;
  testId?: string;
  /** Other things to do with the same arguments (buttons after the submit one). */
  more?: Array<{ label: string; testId: string; title?: string; onSubmit(args: Record<string, string>): void }>;
}) {
  const complete = useApp((s) => s.completeMcp);
  // What is typed is this form's own until it is submitted.
  const [values, setValues] = useState<Record<string, string>>({});
  const missing = prompt.arguments.filter((a) => a.required && !(values[a.name] ?? '').trim()).map((a) => a.name);
  const given = (): Record<string, string> => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
  const submit = (): void => {
    if (missing.length) return;
    onSubmit(given());
  };
  return (
    <form
      className="mi-form"
      data-testid={testId ?? 'mcp-prompt-form'}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {prompt.arguments.length === 0 ? <span className="small muted">No arguments.</span> : null}
      {prompt.arguments.map((a, i) => (
        <label key={a.name} className="mi-field">
          <span>
            {a.name}
            {a.required ? <span className="req" title="required">*</span> : null}
          </span>
          <CompletingInput
            label={a.name}
            testId={`mcp-prompt-arg-${a.name}`}
            autoFocus={autoFocus && i === 0}
            value={values[a.name] ?? ''}
            onChange={(v) => setValues({ ...values, [a.name]: v })}
            complete={(typed) =>
              complete(server, { type: 'ref/prompt', name: prompt.name }, a.name, typed, Object.fromEntries(Object.entries(values).filter(([k, v]) => k !== a.name && v)))
            }
          />
          {a.description ? <small className="muted">{a.description}</small> : null}
        </label>
      ))}
      <div className="wb-toolbar">
        <button type="submit" className="primary" disabled={missing.length > 0} data-testid="mcp-prompt-submit" title={missing.length ? `Needs ${missing.join(', ')}` : undefined}>
          {submitLabel}
        </button>
        {more?.map((m) => (
          <button key={m.testId} type="button" disabled={missing.length > 0} data-testid={m.testId} title={m.title} onClick={() => !missing.length && m.onSubmit(given())}>
            {m.label}
          </button>
        ))}
        {missing.length ? <span className="small muted">Needs {missing.join(', ')}</span> : null}
      </div>
    </form>
  );
}
