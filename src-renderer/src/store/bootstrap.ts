import type { AppStore } from './app-store';

/**
 * Wires the host into the store: live events first (so nothing is missed), then the current
 * session's last screen, then the pending dialogs (they survive a reload), the settings and the
 * sessions list. Rejects when the host cannot be reached; returns the unsubscribe.
 */
export async function bootstrap(store: AppStore): Promise<() => void> {
  const s = store.getState();
  const offs = [s.watchSession(), s.watchSessions(), s.watchDialogs(), s.watchSettings(), s.watchNotices(), s.watchAttention(), s.watchCheckpoints(), s.watchAppResources()];
  performance.mark('glassbox:connected');
  await s.loadFirstScreen();
  // Dialogs, settings and the sessions list follow; they must not hold up the first render.
  void s.loadPending();
  void s.loadSettings();
  void s.loadSessions();
  void s.loadUsageSummary();
  return () => offs.forEach((off) => off());
}
