import { useEffect, useRef, useState } from 'react';
import type { PendingDialog } from '../../../../src-shared/contract/views';
import { useApp } from '../../store/app-context';
import { dialogsSelectors } from '../../store/dialogs/selectors';
import { ElicitationForm } from './ElicitationForm';
import { SamplingRequestDialog, SamplingResultDialog, UrlElicitationDialog } from './SamplingDialog';
import { useFocusReturn } from './use-dialog-focus';

function QuestionDialog({ d }: { d: Extract<PendingDialog, { kind: 'question' }> }) {
  const answerQuestion = useApp((s) => s.answerQuestion);
  const [text, setText] = useState('');
  // Focused in an effect, not with autoFocus: the host must first note where the focus was, to give it back.
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => box.current?.focus(), []);
  const submit = (): void => void answerQuestion(d.requestId, text);
  return (
    <div className="dialog" role="dialog" aria-label="The agent asks" data-testid="question-dialog">
      <h3>The agent asks</h3>
      <pre className="question" data-testid="question-text">{d.question}</pre>
      <textarea
        ref={box}
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

/**
 * Shows the oldest pending dialog (question, MCP elicitation form or page, sampling request or
 * answer) above everything. Approvals are not dialogs: they wait inline in their call's card.
 */
export function PendingDialogs() {
  const d = useApp(dialogsSelectors.current);
  const behind = useApp(dialogsSelectors.waitingBehind);
  // The focus goes back to where it was (usually the message box) once the last dialog is answered.
  useFocusReturn(d !== null && d !== undefined);
  if (!d) return null;
  return (
    <div className="dialog-backdrop">
      {behind > 0 ? <div className="dialog-queue">{behind} more waiting</div> : null}
      {d.kind === 'question' ? (
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
