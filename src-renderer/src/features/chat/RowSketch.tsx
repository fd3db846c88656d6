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
 * takes in full, in four elements instead of a card's thirty and none of its store
 * subscriptions. The full row replaces it once the scrolling slows (RowFill). Every kind has the
 * same four elements (a free slot of the SketchPool too, with no text), so a slot reused for
 * another row changes texts and classes only. Text only, as the full row shows it: never HTML.
 */
export const RowSketch = memo(function RowSketch({ item, call }: { item: ChatItem | undefined; call: CallDetail | undefined }) {
  const isCall = item?.kind === 'call';
  const box = isCall ? `call-card row-sketch status-${call?.status ?? 'running'}` : item?.kind === 'user' ? 'msg msg-user row-sketch row-sketch-msg' : 'msg msg-assistant row-sketch row-sketch-msg';
  const first = isCall ? (call?.tool ?? '') : item?.kind === 'user' || item?.kind === 'assistant' ? item.text.slice(0, SKETCH_TEXT) : '';
  return (
    <div className={box}>
      <div className={isCall ? 'call-head' : 'row-sketch-line'}>
        <span className={isCall ? 'call-tool' : undefined}>{first}</span>
        <span className="call-source">{isCall && call ? sourceLabel(call.source) : ''}</span>
      </div>
      <pre className="call-args-preview">{isCall && call ? argsPreview(call.tool, call.args) : ''}</pre>
    </div>
  );
});

/**
 * One slot of the SketchPool in the list: the sketch of `item` placed at `start` in `size`, or
 * hidden while free. Memoized: a scroll frame touches only the slots whose row changed or moved.
 */
export const SketchSlot = memo(function SketchSlot({ item, call, start, size, rewound }: { item: ChatItem | undefined; call: CallDetail | undefined; start: number; size: number; rewound: boolean }) {
  return (
    <div
      className={`chat-row chat-row-sketch${rewound ? ' chat-rewound' : ''}`}
      data-sketch={item ? 'true' : undefined}
      style={item ? { position: 'absolute', top: 0, left: 0, width: '100%', height: size, transform: `translateY(${start}px)` } : { display: 'none' }}
    >
      <RowSketch item={item} call={call} />
    </div>
  );
});
