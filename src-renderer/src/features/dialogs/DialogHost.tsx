import { useEffect, useRef, useState } from 'react';
import type { PendingDialog } from '../../../../src-shared/contract/views';
import { useApp } from '../../store/app-context';
import { dialogsSelectors } from '../../store/dialogs/selectors';
import { ApprovalBody } from './ApprovalBody';
import { ElicitationForm } from './ElicitationForm';
import { SamplingRequestDialog, SamplingResultDialog, UrlElicitationDialog } from './SamplingDialog';
import { useFocusReturn } from './use-dialog-focus';

function ApprovalDialog({ d }: { d: Extract<PendingDialog, { kind: 'approval' }> }) {
  const answerApproval = useApp((s) => s.answerApproval);
  const answer = (decision: 'allow' | 'deny', always = false): void => void answerApproval(d.requestId, decision, always);
  const allowRef = useRef<HTMLButtonElement>(null);
  useEffect(() => allowRef.current?.focus(), []);
  return (
    <div className="dialog dialog-approval" role="dialog" aria-label="Approve tool call" data-testid="approval-dialog">
      <h3>
        Allow <code>{d.tool}</code>?
      </h3>
      <ApprovalBody d={d} />
      <div className="dialog-actions">
        <button ref={allowRef} className="primary" data-testid="approve-once" onClick={() => answer('allow')}>Allow once</button>
        <button data-testid="approve-always" onClick={() => answer('allow', true)} title="Adds an allow rule for this tool and command/path to your settings">
          Always allow this rule
        </button>
        <button className="danger" data-testid="deny" onClick={() => answer('deny')}>Deny</button>
      </div>
    </div>
  );
}

function QuestionDialog({ d }: { d: Extract<PendingDialog, { kind: 'question' }> }) {
  const answerQuestion = useApp((s) => s.answerQuestion);
  const [text, setText] = useState('');
  const submit = (): void => void answerQuestion(d.requestId, text);
  return (
    <div className="dialog" role="dialog" aria-label="The agent asks" data-testid="question-dialog">
      <h3>The agent asks</h3>
      <pre className="question" data-testid="question-text">{d.question}</pre>
      <textarea
        autoFocus
        data-testid="question-answer"
        value={text}
        rows={3}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <div className="dialog-actions">
        <button className="primary" data-testid="question-submit" onClick={submit}>Answer</button>
      </div>
    </div>
  );
}

/** Shows the oldest pending dialog (approval, question, MCP elicitation form or page, sampling request or answer) above everything. */
export function DialogHost() {
  const d = useApp(dialogsSelectors.current);
  const behind = useApp(dialogsSelectors.waitingBehind);
  // The focus goes back to where it was (usually the message box) once the last dialog is answered.
  useFocusReturn(d !== null && d !== undefined);
  if (!d) return null;
  return (
    <div className="dialog-backdrop">
      {behind > 0 ? <div className="dialog-queue">{behind} more waiting</div> : null}
      {d.kind === 'approval' ? (
        <ApprovalDialog key={d.requestId} d={d} />
      ) : d.kind === 'question' ? (
        <QuestionDialog key={d.requestId} d={d} />
      ) : d.mcp?.kind === 'sampling' ? (
        <SamplingRequestDialog key={d.requestId} d={d} />
      ) : d.mcp?.kind === 'sampling-result' ? (
        <SamplingResultDialog key={d.requestId} d={d} />
      ) : d.mcp?.kind === 'elicitation-url' ? (
        <UrlElicitationDialog key={d.requestId} d={d} />
      ) : (
        <ElicitationForm key={d.requestId} d={d} />
      )}
    </div>
  );
}
