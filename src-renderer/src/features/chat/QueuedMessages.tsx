import { useState } from 'react';
import { useApp } from '../../store/app-context';
import { chatSelectors } from '../../store/chat/selectors';

/**
 * The messages typed while the agent works, above the composer: each marked *Queued* (it goes in
 * before the agent's next model request), editable in place and removable until then.
 */
export function QueuedMessages(): React.JSX.Element | null {
  const queued = useApp(chatSelectors.queued);
  if (!queued.length) return null;
  return (
    <ul className="queued-messages" data-testid="queued-messages" aria-label="Queued messages">
      {queued.map((q) => (
        <QueuedMessage key={q.id} id={q.id} text={q.text} />
      ))}
    </ul>
  );
}

function QueuedMessage({ id, text }: { id: string; text: string }): React.JSX.Element {
  const editQueued = useApp((s) => s.editQueued);
  const removeQueued = useApp((s) => s.removeQueued);
  const [draft, setDraft] = useState<string | null>(null);
  const save = async (): Promise<void> => {
    if (draft === null) return;
    if (!draft.trim() || draft.trim() === text) return setDraft(null);
    if (await editQueued(id, draft)) setDraft(null);
  };
  return (
    <li className="queued-message" data-testid="queued-message">
      <span className="queued-badge" title="Goes in before the agent's next model request">
        Queued
      </span>
      {draft === null ? (
        <span className="queued-text" data-testid="queued-text">
          {text}
        </span>
      ) : (
        <input
          className="queued-edit"
          data-testid="queued-edit"
          aria-label="Edit the queued message"
          autoFocus
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              setDraft(null);
            }
          }}
          onBlur={() => void save()}
        />
      )}
      {draft === null ? (
        <button className="link-button" data-testid="queued-edit-button" onClick={() => setDraft(text)} title="Edit before it goes in">
          Edit
        </button>
      ) : null}
      <button className="link-button" data-testid="queued-remove" onClick={() => void removeQueued(id)} title="Remove: it will not be sent" aria-label="Remove the queued message">
        Remove
      </button>
    </li>
  );
}
