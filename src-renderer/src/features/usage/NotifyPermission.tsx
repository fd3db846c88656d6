import { useState } from 'react';
import { useApp } from '../../store/app-context';

/**
 * "Notify me" in the top bar while the browser has not been asked yet: the page never asks by
 * itself, only from this click. Hidden once allowed; refused, it says the browser blocked
 * notifications. Not shown in the desktop app (which notifies through the host).
 */
export function NotifyPermission() {
  const request = useApp((s) => s.requestNotifyPermission);
  const [state, setState] = useState(() => (typeof Notification === 'undefined' ? 'denied' : Notification.permission));
  // Refused by the browser (now or before): say so once the user asked, with how to undo it.
  const [asked, setAsked] = useState(false);
  if (state === 'denied' && asked)
    return (
      <span className="muted small" data-testid="notify-refused" role="status" title="Allow notifications for this page in the browser's site settings, then reload">
        Notifications blocked by the browser
      </span>
    );
  if (state !== 'default') return null;
  return (
    <button
      className="link-button"
      data-testid="notify-permission"
      title="Show a notification when a run finishes, fails or needs you while this tab is in the background"
      onClick={() =>
        void request().finally(() => {
          setAsked(true);
          setState(Notification.permission);
        })
      }
    >
      Notify me
    </button>
  );
}
