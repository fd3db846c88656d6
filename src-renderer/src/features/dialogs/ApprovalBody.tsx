import type { ReactElement } from 'react';
import type { PendingDialog } from '../../../../src-shared/contract/views';
import { HighlightedCode } from '../chat/HighlightedCode';
import { DiffBlock } from '../tool-calls/DiffBlock';
import { prettyJson } from '../tool-calls/format';
import { visibleText } from '../../../../src-shared/text/visible-text';
import '../tool-calls/tool-calls.css';

type Approval = Extract<PendingDialog, { kind: 'approval' }>;

/** An MCP (or other) tool's arguments as a read-only form: one row per argument. */
function ArgsForm({ args }: { args: Record<string, unknown> }) {
  const keys = Object.keys(args);
  if (!keys.length) return <div className="call-note">No arguments.</div>;
  return (
    <dl className="args-form" data-testid="approval-form">
      {keys.map((k) => {
        const v = args[k];
        return (
          <div key={k} className="args-row">
            <dt>{k}</dt>
            <dd>{typeof v === 'string' ? <pre className="args-value">{v}</pre> : <pre className="args-value">{prettyJson(v)}</pre>}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * What an approval shows about its call, by tool: the diff an edit would make, a command or
 * Python code as code, other tools' arguments as a form; the exact JSON one click away.
 */
export function ApprovalBody({ d }: { d: Approval }) {
  const args = (d.args && typeof d.args === 'object' ? d.args : {}) as Record<string, unknown>;
  const p = d.preview;
  let main: ReactElement;
  if (d.tool === 'str_replace_editor' && p) {
    main = (
      <div data-testid="approval-diff-wrap">
        <div className="approval-what" data-testid="approval-what">
          {p.created ? 'New file' : p.deleted ? 'Deletes' : p.command === 'undo_edit' ? 'Undoes the last edit of' : 'Changes'} <code data-testid="approval-path">{p.path}</code>
        </div>
        {p.error ? (
          <div className="call-note approval-fails" data-testid="approval-preview-error">This edit would fail: {p.error}</div>
        ) : p.tooLarge ? (
          <div className="call-note">The file is too large to show.</div>
        ) : (
          <DiffBlock before={p.before} after={p.after} testId="approval-diff" />
        )}
      </div>
    );
  } else if (d.tool === 'bash' && typeof args.command === 'string') {
    main = (
      <>
        <div className="label">Command</div>
        {/* Control characters and bidi overrides shown as escapes: what you read is what runs. */}
        <pre className="approval-command" data-testid="approval-command">{visibleText(args.command)}</pre>
      </>
    );
  } else if (d.tool === 'python_execute' && typeof args.code === 'string') {
    main = (
      <>
        <div className="label">Python</div>
        <HighlightedCode code={args.code} language="python" testId="approval-code" preTestId="approval-python" />
      </>
    );
  } else {
    main = (
      <>
        <div className="label">Arguments</div>
        <ArgsForm args={args} />
      </>
    );
  }
  return (
    <>
      {main}
      {d.escalation ? (
        <div className="approval-escalation" data-testid="approval-escalation">
          <strong>Leaves the sandbox for this one call</strong>: {d.escalation.reasons.join('; ')}
        </div>
      ) : null}
      {d.reasons.length ? (
        <>
          <div className="label">Why it asks</div>
          <ul className="reasons" data-testid="approval-reasons">
            {d.reasons.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
        </>
      ) : null}
      <details className="approval-raw">
        <summary data-testid="approval-raw-toggle">Exact arguments (JSON)</summary>
        <pre className="approval-args" data-testid="approval-args">{prettyJson(d.args)}</pre>
      </details>
    </>
  );
}
