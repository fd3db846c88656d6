import { memo, useEffect, useRef } from 'react';
import type { CallDetail } from '../../../../src-shared/contract/views';

/** Lines of a running command's output the card shows (the Terminal pane has all of it). */
export const TAIL_LINES = 12;

/** The last `max` lines of streamed log text. */
export function tailOf(updates: CallDetail['updates'], max = TAIL_LINES): string {
  let text = '';
  for (const u of updates) if (u.kind === 'log' && u.message) text += u.message;
  const lines = text.replace(/\n+$/, '').split('\n');
  return lines.slice(-max).join('\n');
}

/** A running bash/Python call's output as it arrives: the tail, kept scrolled to the end. */
export const LiveTail = memo(function LiveTail({ updates }: { updates: CallDetail['updates'] }) {
  const text = tailOf(updates);
  const ref = useRef<HTMLPreElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [text]);
  if (!text.trim()) return null;
  return (
    <pre ref={ref} className="call-live" data-testid="call-live" aria-live="polite">
      {text}
    </pre>
  );
});
