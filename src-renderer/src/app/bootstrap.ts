import { FIRST_SCREEN_ROWS } from '../../../src-shared/contract/views';
import { type GlassboxApi } from '../../../src-shared/contract/client';
import type { AppStore } from '../store/app-store';

/** Reports a failed bridge call in a banner instead of losing it. */
export function reportError(store: AppStore, what: string, err: unknown): void {
  const e = err as { code?: string; message?: string };
  store.getState().pushNotice({
    level: 'error',
    code: e?.code === 'BUSY' ? 'BUSY' : `CALL_FAILED:${what}`,
    message: `${what}: ${e?.message ?? String(err)}`,
    ...(e?.code === 'CLOSED' ? { hint: 'Glassbox stopped or the connection dropped: restart it and reload this page.' } : {}),
  });
}

/**
 * Fetches the whole current session after its tail is shown. An answer older than the live
 * events already applied (possible where events and answers travel apart, as over Electron IPC)
 * is asked for again, so no event is lost.
 */
async function loadWholeSession(api: GlassboxApi, store: AppStore, sessionId: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    let whole;
    try {
      whole = await api.sessions.view();
    } catch (err) {
      reportError(store, 'Session', err);
      return;
    }
    if (store.getState().sessionId !== sessionId) return; // switched meanwhile: that load wins
    if (store.getState().completeView(whole)) return;
  }
}

/**
 * Wires the bridge into the store: live events first (so nothing is missed), then the current
 * session's view, the pending dialogs (they survive a reload), settings and the sessions list.
 */
export async function bootstrap(api: GlassboxApi, store: AppStore): Promise<() => void> {
  const s = store.getState();
  const offs = [
    api.agent.onEvent((e) => store.getState().applyEvent(e)),
    api.agent.onState((a) => store.getState().setAgentState(a)),
    api.sessions.onSwitched((view) => {
      store.getState().loadView(view, []);
      if (view.tail) void loadWholeSession(api, store, view.summary.id);
      void api.dialogs.pending().then((p) => store.getState().setPending(p)).catch(() => {});
    }),
    api.sessions.onChanged((list) => store.getState().setSessions(list)),
    api.dialogs.onChanged((p) => store.getState().setPending(p)),
    api.settings.onChanged((v) => store.getState().setSettings(v)),
    api.app.onNotice((n) => store.getState().pushNotice(n)),
  ];
  performance.mark('glassbox:connected');
  // The last screen first (a session of any size paints at once), then the whole session; rows
  // arriving above keep the view in place. Live events apply on top of either (seq dedups).
  const view = await api.sessions.view(FIRST_SCREEN_ROWS);
  performance.mark('glassbox:snapshot-received');
  s.loadView(view, []);
  performance.mark('glassbox:snapshot-loaded');
  s.setConnection('open');
  if (view.tail) void loadWholeSession(api, store, view.summary.id);
  // Dialogs, settings and the sessions list follow; they must not hold up the first render.
  void api.dialogs.pending().then((p) => store.getState().setPending(p), (err: unknown) => reportError(store, 'Dialogs', err));
  void api.settings.get().then(
    (settings) => {
      store.getState().setSettings(settings);
      if (!settings.model) {
        store.getState().pushNotice({ level: 'warn', code: 'NO_MODEL', message: 'No model is configured yet.', hint: 'Open Settings (Ctrl+,) and set the provider, model, base URL and API key.' });
      }
    },
    (err: unknown) => reportError(store, 'Settings', err),
  );
  void api.sessions.list().then((l) => store.getState().setSessions(l), (err: unknown) => reportError(store, 'Sessions', err));
  return () => offs.forEach((off) => off());
}
