import { useState } from 'react';
import { useApp } from '../../store/app-context';

/**
 * "Notify me" in the top bar while the browser has not been asked yet: the page never asks by
 * itself, only from this click. Hidden once answered, and in the desktop app (which notifies
 * through the host and denies the page's permission requests).
 */
export function NotifyPermission() {
  const request = useApp((s) => s.requestNotifyPermission);
  const [state, setState] = useState(() => (typeof Notification === 'undefined' ? 'denied' : Notification.permission));
  if (state !== 'default') return null;
  return (
    <button
      className="link-button"
      data-testid="notify-permission"
      title="Show a notification when a run finishes, fails or needs you while this tab is in the background"
      onClick={() => void request().finally(() => setState(Notification.permission))}
    >
      Notify me
    </button>
  );
}
