import { useApp } from '../../store/app-context';

/**
 * What views asked of the user, above the composer: a message a view wants to add to the
 * conversation (sent only when the user says so) and a link it wants opened (opened only when
 * the user says so). The texts are the views' own: shown as text, never as HTML.
 */
export function AppRequestsBar() {
  const messages = useApp((s) => s.appMessages);
  const links = useApp((s) => s.appLinks);
  const answerMessage = useApp((s) => s.answerAppMessage);
  const answerLink = useApp((s) => s.answerAppLink);
  if (!messages.length && !links.length) return null;
  return (
    <div className="app-bar" data-testid="app-requests" role="region" aria-label="Requests from MCP App views">
      {messages.map((m) => (
        <div key={`m${m.id}`} className="app-bar-item" data-testid="app-message-request">
          <span className="app-bar-who">The view of {m.server} wants to send:</span>
          <pre data-testid="app-message-text">{m.text}</pre>
          <button className="primary" data-testid="app-message-send" onClick={() => void answerMessage(m.id, true)}>
            Send
          </button>
          <button data-testid="app-message-drop" onClick={() => void answerMessage(m.id, false)}>
            Discard
          </button>
        </div>
      ))}
      {links.map((l) => (
        <div key={`l${l.id}`} className="app-bar-item" data-testid="app-link-request">
          <span className="app-bar-who">The view of {l.server} wants to open:</span>
          <pre data-testid="app-link-url">{l.url}</pre>
          <button className="primary" data-testid="app-link-open" onClick={() => answerLink(l.id, true)}>
            Open
          </button>
          <button data-testid="app-link-deny" onClick={() => answerLink(l.id, false)}>
            Don't open
          </button>
        </div>
      ))}
    </div>
  );
}
