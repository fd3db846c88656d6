import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useApp, useAppStore } from '../../store/app-context';
import { ApprovalBody } from '../dialogs/ApprovalBody';
import { dialogsSelectors, type WaitingApproval } from '../../store/dialogs/selectors';
import { defaultButton, focusComposer, withApprovalElement } from './focus';
import { needsDeliberateAllow } from './deliberate';
import './approvals.css';

/**
 * An approval request inside its call's card: what the call would do (diff, command, code,
 * arguments) and Allow once / Always allow / Deny. Nothing else in the window is blocked.
 * It takes the focus only when nothing else has it (never from what you type); Esc leaves it
 * for the message box and never cancels the run. For a dangerous command Deny is the default
 * button and Allow asks to be pressed a second time.
 */
export function InlineApproval({ d }: { d: WaitingApproval }) {
  const store = useAppStore();
  const answerApproval = useApp((s) => s.answerApproval);
  const deliberate = needsDeliberateAllow(d);
  // Which Allow of a deliberate request was pressed once (and waits for its second press).
  const [armed, setArmed] = useState<'once' | 'always' | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const answer = (decision: 'allow' | 'deny', always = false): void => {
    if (busy) return;
    setBusy(true);
    // Where the focus goes next: the next waiting request, else the message box.
    const hadFocus = !!ref.current?.contains(document.activeElement);
    void answerApproval(d.requestId, decision, always).finally(() => {
      setBusy(false);
      if (!hadFocus) return;
      const s = store.getState();
      const next = dialogsSelectors.approvals(s).find((a) => a.requestId !== d.requestId);
      if (next) withApprovalElement(next, s.revealCall, (el) => defaultButton(el)?.focus());
      else focusComposer();
    });
  };
  const allow = (always = false): void => {
    const which = always ? 'always' : 'once';
    if (deliberate && armed !== which) {
      setArmed(which);
      return;
    }
    answer('allow', always);
  };
  // A request that appears while nothing has the focus takes it (its default button); one that
  // appears while you type elsewhere waits for you (Alt+Shift+N, or the bar above the message box).
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) {
      const el = ref.current;
      if (el) defaultButton(el)?.focus({ preventScroll: true });
    }
  }, []);
  const onKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setArmed(null);
      focusComposer();
    }
  };
  return (
    <div
      ref={ref}
      className={`approval-inline${deliberate ? ' approval-dangerous' : ''}`}
      role="group"
      aria-label={`Approve ${d.tool}?`}
      data-testid="approval-request"
      data-request-id={d.requestId}
      data-dangerous={deliberate ? 'true' : undefined}
      onKeyDown={onKey}
      onClick={(e) => e.stopPropagation()}
    >
      <div className="approval-title">
        <span>
          Allow <code>{d.tool}</code>?
        </span>
        {d.dangerous ? <span className="approval-danger-badge" data-testid="approval-danger">dangerous</span> : null}
        {!d.dangerous && d.escalation ? <span className="approval-danger-badge">leaves the sandbox</span> : null}
      </div>
      <ApprovalBody d={d} />
      <div className="dialog-actions approval-actions">
        <button
          className={deliberate ? (armed === 'once' ? 'danger' : '') : 'primary'}
          data-testid="approve-once"
          data-armed={armed === 'once' ? 'true' : undefined}
          data-default-action={deliberate ? undefined : 'true'}
          disabled={busy}
          onClick={() => allow()}
          title={deliberate ? 'A dangerous call: press twice to allow' : 'Allow once (Alt+Shift+A)'}
        >
          {armed === 'once' ? 'Press again to allow' : 'Allow once'}
        </button>
        <button
          className={armed === 'always' ? 'danger' : ''}
          data-testid="approve-always"
          data-armed={armed === 'always' ? 'true' : undefined}
          disabled={busy}
          onClick={() => allow(true)}
          title="Allow now and add an allow rule for this tool and command/path to your settings"
        >
          {armed === 'always' ? 'Press again to always allow' : 'Always allow'}
        </button>
        <button
          className={deliberate ? 'primary' : 'danger'}
          data-testid="deny"
          data-default-action={deliberate ? 'true' : undefined}
          disabled={busy}
          onClick={() => answer('deny')}
          title="Deny (Alt+Shift+D)"
        >
          Deny
        </button>
        <span className="approval-keys muted">
          {deliberate ? 'Dangerous: Allow takes a second press. ' : ''}Alt+Shift+A allow · Alt+Shift+D deny · Alt+Shift+N next · Esc leaves
        </span>
      </div>
    </div>
  );
}
