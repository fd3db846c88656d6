import { useApp, useAppStore } from '../../store/app-context';
import { argsPreview } from '../tool-calls/format';
import { visibleText } from '../../../../src-shared/text/visible-text';
import { dialogsSelectors } from '../../store/dialogs/selectors';
import { defaultButton, withApprovalElement } from './focus';
import './approvals.css';

/**
 * Above the message box while approvals wait: which call waits (the oldest), how many more,
 * a button that brings it into view with the focus on it, and the keys.
 */
export function WaitingBar() {
  const list = useApp(dialogsSelectors.approvals);
  const store = useAppStore();
  const first = list[0];
  if (!first) return null;
  const show = (): void => {
    const s = store.getState();
    withApprovalElement(first, s.revealCall, (el) => defaultButton(el)?.focus());
  };
  // Control characters and bidi overrides as escapes, as in the request itself.
  const what = visibleText(argsPreview(first.tool, first.args).split('\n')[0] ?? '');
  return (
    <div className="waiting-bar" role="status" data-testid="approval-waiting" data-count={list.length}>
      <strong>{list.length === 1 ? 'Waiting for your approval:' : `${list.length} approvals waiting:`}</strong>
      <span className="waiting-what" title={what}>
        <code>{first.tool}</code> {what}
      </span>
      <button className="link-button" data-testid="approval-show" onClick={show}>
        Show
      </button>
      <span className="waiting-keys muted">Alt+Shift+A allow · Alt+Shift+D deny · Alt+Shift+N next</span>
    </div>
  );
}
