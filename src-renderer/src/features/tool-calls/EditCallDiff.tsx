import { memo } from 'react';
import type { CallDetail } from '../../../../src-shared/contract/views';
import { useApp } from '../../store/app-context';
import { DiffBlock } from './DiffBlock';

/** The file change a finished editor call recorded in its result, or null. */
export function editChangeOf(call: CallDetail): { path: string; before: string; after: string; command: string } | null {
  if (call.tool !== 'str_replace_editor' || call.status !== 'ok') return null;
  const m = call.result?.metadata;
  if (!m || typeof m.path !== 'string' || typeof m.command !== 'string' || m.command === 'view') return null;
  if (typeof m.before !== 'string' || typeof m.after !== 'string') return null;
  return { path: m.path, before: m.before, after: m.after, command: m.command };
}

/** An edit card's diff (changed hunks, expandable) with *Revert this edit*. */
export const EditCallDiff = memo(function EditCallDiff({ call }: { call: CallDetail }) {
  const change = editChangeOf(call);
  const revert = useApp((s) => s.revertEdit);
  const state = useApp((s) => s.revertState[call.callId]);
  if (!change) return null;
  return (
    <div className="call-diff">
      <DiffBlock before={change.before} after={change.after} path={change.path} testId="call-diff" />
      <div className="call-diff-actions">
        <button className="link-button" data-testid="revert-edit" disabled={state?.busy} onClick={() => void revert(call.callId)}>
          Revert this edit
        </button>
        {state?.message ? (
          <span className={state.message.ok ? 'ok-text' : 'error-text'} data-testid="revert-message">
            {state.message.text}
          </span>
        ) : null}
      </div>
    </div>
  );
});
