import { useApp } from '../store/app-context';
import { frameSelectors } from '../store/frame/selectors';
import { settingsSelectors } from '../store/settings/selectors';

/** Notices that Settings can fix: they carry an Open Settings button. */
const SETTINGS_FIX = new Set(['NO_MODEL', 'NO_API_KEY', 'BAD_API_KEY', 'MODEL_NOT_FOUND', 'MODEL_UNREACHABLE']);

/** Problems shown where the user looks: what happened and what to do. */
export function NoticeBanner() {
  const notices = useApp(frameSelectors.notices);
  const openSettings = useApp((s) => s.setSettingsOpen);
  const dismiss = useApp((s) => s.dismissNotice);
  const connection = useApp(frameSelectors.connection);
  const savedNote = useApp(settingsSelectors.savedNote);
  return (
    <div className="banners">
      {savedNote ? (
        <div className="saved-note" role="status" data-testid="settings-saved">
          {savedNote}
        </div>
      ) : null}
      {connection === 'closed' ? (
        <div className="banner banner-error" role="alert" data-testid="banner">
          <strong>Disconnected from Glassbox.</strong> Is <code>glassbox web</code> still running? Start it again and reload this page.
        </div>
      ) : null}
      {notices.map((n) => (
        <div key={n.id} className={`banner banner-${n.level}`} role="alert" data-testid="banner" data-code={n.code}>
          <div>
            <strong>{n.message}</strong>
            {n.hint ? <div className="banner-hint">{n.hint}</div> : null}
          </div>
          {n.code && SETTINGS_FIX.has(n.code) ? (
            <button className="banner-action" data-testid="banner-open-settings" onClick={() => openSettings(true)}>
              Open Settings
            </button>
          ) : null}
          <button className="link-button" aria-label="Dismiss" onClick={() => dismiss(n.id)}>✕</button>
        </div>
      ))}
    </div>
  );
}
