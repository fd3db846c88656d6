import { memo } from 'react';
import type { CallDetail } from '../../../../src-shared/contract/views';
import type { ChatItem } from '../../store/chat-reducer';
import { argsPreview, sourceLabel } from '../tool-calls/format';

/** Characters of a message a sketch shows (the row's height clips the rest). */
const SKETCH_TEXT = 400;

/** Whether a row of this kind is drawn as a sketch while the view scrolls fast (the others are cheap in full). */
export function hasSketch(item: ChatItem): boolean {
  if (item.kind === 'call') return true;
  if (item.kind === 'user') return !item.fork; // a fork's first row is its banner
  return item.kind === 'assistant' && !!item.text && !item.streaming;
}

/**
 * A row of the conversation while it scrolls past faster than it can be read: its outline (the
 * card with its status colour, or the message's bubble) and its first line, in the height the row
 * takes in full, in a handful of elements instead of a card's thirty and none of its store
 * subscriptions. The full row replaces it once the scrolling slows (RowFill). Text only, as the
 * full row shows it: never HTML.
 */
export const RowSketch = memo(function RowSketch({ item, call }: { item: ChatItem; call: CallDetail | undefined }) {
  switch (item.kind) {
    case 'call':
      return call ? (
        <div className={`call-card row-sketch status-${call.status}`}>
          <div className="call-head">
            <span className="call-tool">{call.tool}</span>
            <span className="call-source">{sourceLabel(call.source)}</span>
          </div>
          <pre className="call-args-preview">{argsPreview(call.tool, call.args)}</pre>
        </div>
      ) : (
        <div className="call-card row-sketch" />
      );
    case 'user':
      return <div className="msg msg-user row-sketch-text">{item.text.slice(0, SKETCH_TEXT)}</div>;
    case 'assistant':
      return <div className="msg msg-assistant row-sketch-text">{item.text.slice(0, SKETCH_TEXT)}</div>;
    default:
      return null;
  }
});
