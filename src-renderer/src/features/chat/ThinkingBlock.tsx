import { Fragment, useEffect, useRef, useState } from 'react';
import { formatCount } from '../usage/format';

/** What a redacted block reads as in the recorded thinking. */
const REDACTED = '[redacted]';

/** The thinking text with each redacted block shown as a marker, not as the literal text. */
function ThinkingText({ text }: { text: string }) {
  const parts = text.split(REDACTED);
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {p}
          {i < parts.length - 1 ? (
            <span className="thinking-redacted" data-testid="thinking-redacted" title="The provider encrypted this part of the reasoning; it is sent back to the model as received but cannot be shown.">
              redacted by the provider
            </span>
          ) : null}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The model's reasoning above its answer: open while it streams in (before the answer starts),
 * folded once the answer arrives, and open or shut by hand at any time. Plain text, never markup.
 */
export function ThinkingBlock({ text, live }: { text: string; live: boolean }) {
  const [open, setOpen] = useState(live);
  const touched = useRef(false);
  useEffect(() => {
    // Follows the stream until the user chooses: unfolds while thinking, folds when the answer begins.
    if (!touched.current) setOpen(live);
  }, [live]);
  const words = text.trim() ? text.trim().split(/\s+/).length : 0;
  return (
    <details
      className={`thinking${live ? ' thinking-live' : ''}`}
      data-testid="thinking"
      data-live={live ? 'true' : undefined}
      open={open}
      onToggle={(e) => {
        const now = (e.currentTarget as HTMLDetailsElement).open;
        if (now !== open) {
          touched.current = true;
          setOpen(now);
        }
      }}
    >
      <summary>
        {live ? 'Thinking…' : 'Thought'} <span className="muted">· {formatCount(words)} words</span>
      </summary>
      <div className="thinking-text" data-testid="thinking-text">
        <ThinkingText text={text} />
      </div>
    </details>
  );
}
