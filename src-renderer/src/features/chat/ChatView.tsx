import { measureElement, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useApp, useAppStore } from '../../store/app-context';
import { chatSelectors } from '../../store/chat/selectors';
import { inspectorSelectors } from '../../store/inspector/selectors';
import { ToolCallCard } from '../tool-calls/ToolCallCard';
import { TurnCheckpoint } from './TurnCheckpoint';
import type { ChatItem } from '../../store/chat-reducer';
import { rewoundRows } from '../../store/chat-reducer';
import { MarkdownText } from './MarkdownText';
import { ThinkingBlock } from './ThinkingBlock';
import { ModelRetryStatus, RunFailedActions } from './ModelFailure';
import { RowSizes } from './row-sizes';
import { turnUsageLine } from '../usage/format';
import { ForkButton } from '../fork/ForkButton';
import { ForkBanner } from '../fork/ForkBanner';

const END_TEXT: Record<string, string> = {
  finished: 'Finished.',
  max_steps: 'Stopped: the step limit was reached.',
  cancelled: 'Cancelled: stopped by you.',
  error: 'The run failed.',
};

/** The small line under a model turn: tokens in/out, cost, time to first token and total. */
function TurnUsage({ item }: { item: Extract<ChatItem, { kind: 'assistant' }> }) {
  return (
    <div className="turn-usage" data-testid="turn-usage" title={item.model ? `model ${item.model}` : undefined}>
      {turnUsageLine(item.usage!)}
    </div>
  );
}

const ChatRow = memo(function ChatRow({ item, target }: { item: ChatItem; target?: boolean }) {
  switch (item.kind) {
    case 'user': {
      const seq = Number(item.key.slice(1));
      return (
        <>
          {item.fork ? <ForkBanner fork={item.fork} /> : null}
          {item.fork?.continues ? null : (
            <>
              <div className="msg msg-user" data-testid="user-message">
                <div className="msg-text">{item.text}</div>
              </div>
              {/* Beside the message, not in it: its text stays the user's own (copy, tests, screen readers). */}
              <div className="msg-actions">
                <ForkButton target={() => ({ kind: 'user', at: seq, original: { message: item.text } })} />
              </div>
            </>
          )}
        </>
      );
    }
    case 'assistant': {
      const thinking = item.thinking ? <ThinkingBlock text={item.thinking} live={item.streaming && !item.text} /> : null;
      if (!item.text && !item.streaming) {
        if (!thinking) return item.usage ? <TurnUsage item={item} /> : <div className="msg-empty" />;
        return (
          <>
            {thinking}
            {item.usage ? <TurnUsage item={item} /> : null}
          </>
        );
      }
      return (
        <>
          {thinking}
          {item.text || !thinking ? (
            <div className={`msg msg-assistant${item.streaming ? ' streaming' : ''}`} data-testid="assistant-message">
              <MarkdownText text={item.text} streaming={item.streaming} />
            </div>
          ) : null}
          {(item.text || !thinking) && item.seq !== undefined && !item.streaming ? (
            <div className="msg-actions">
              <ForkButton target={() => ({ kind: 'model', at: item.seq! })} />
            </div>
          ) : null}
          {item.usage ? <TurnUsage item={item} /> : null}
        </>
      );
    }
    case 'call':
      return <ToolCallCard callId={item.callId} />;
    case 'end':
      return (
        <div className={`run-end run-end-${item.reason}`} data-testid="run-end" data-reason={item.reason}>
          {END_TEXT[item.reason]}
          {item.error ? <span className="run-end-error"> {item.error}</span> : null}
          {item.reason === 'error' ? <RunFailedActions /> : null}
          <TurnCheckpoint endKey={item.key} />
          {target ? (
            <div className="restored-marker" data-testid="restored-marker">
              ↺ Restored to here <span className="muted">— the turns below are rewound: the agent no longer sees them</span>
            </div>
          ) : null}
        </div>
      );
    case 'note':
      return <div className="run-note">{item.text}</div>;
    case 'restored':
      return (
        <div className="run-note restored-note" data-testid="conversation-restored" data-undo={item.undoOf !== undefined ? 'true' : undefined}>
          {item.undoOf !== undefined ? 'Conversation restore undone: the rewound turns are back.' : 'Conversation restored: the dimmed turns above are out of it.'}
        </div>
      );
  }
});

/** The conversation, virtualized (sessions with 10,000 calls stay fast); sticks to the bottom while you are there. */
export function ChatView() {
  const items = useApp(chatSelectors.items);
  const earlier = useApp(chatSelectors.earlierRows);
  const earlierEstimated = useApp(chatSelectors.earlierEstimated);
  // Rows a conversation restore left out are dimmed under a marker on the turn restored to.
  const marks = useMemo(() => rewoundRows(items), [items]);
  const store = useAppStore();
  const parentRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const rowSizes = useMemo(() => new RowSizes((id) => store.getState().calls.byId.get(id)), [store]);
  // Bumped (at most every 150 ms) when a measured row taught rowSizes a new height: every unmeasured
  // row is then placed again from the better estimates.
  const [calibration, setCalibration] = useState(0);
  const recalibrate = useRef<ReturnType<typeof setTimeout> | null>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  // The virtualizer redoes every row's position whenever these functions change, so they change
  // only when rows are added or removed, or estimates improved: not per scroll frame, and not
  // per streamed token of the last message (a changed row is re-measured as it renders).
  const first = items[0]?.key;
  const last = items.at(-1)?.key;
  const getItemKey = useCallback((i: number) => itemsRef.current[i]!.key, [items.length, first, last, calibration]);
  const estimateSize = useCallback((i: number) => rowSizes.estimate(itemsRef.current[i]!), [items.length, first, last, rowSizes, calibration]);
  const measureRow = useCallback(
    (el: Element, entry: ResizeObserverEntry | undefined, v: Virtualizer<HTMLDivElement, Element>) => {
      const size = measureElement(el, entry, v);
      const item = itemsRef.current[v.indexFromElement(el)];
      if (item && rowSizes.learn(item, size) && !recalibrate.current) {
        recalibrate.current = setTimeout(() => {
          recalibrate.current = null;
          setCalibration((c) => c + 1);
        }, 150);
      }
      return size;
    },
    [rowSizes],
  );
  useEffect(() => () => clearTimeout(recalibrate.current ?? undefined), []);
  const self = useRef<{ getTotalSize(): number } | null>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => parentRef.current,
    estimateSize,
    measureElement: measureRow,
    overscan: 6,
    getItemKey,
    // Rows added above (the rest of a long session arriving after its last screen) keep what
    // you are looking at in place.
    anchorTo: 'end',
    // Render rows in the very first pass instead of waiting for the scroll box to be measured.
    initialRect: { width: 800, height: window.innerHeight },
    // Open long sessions at the end, where the user left off (read lazily, once it exists).
    initialOffset: () => Math.max(0, (self.current?.getTotalSize() ?? 0) - window.innerHeight),
  });
  self.current = virtualizer;
  const sessionId = useApp(chatSelectors.sessionId);
  const shownSession = useRef(sessionId);
  useEffect(() => {
    // Another session opens at its end, wherever you were in the last one.
    if (shownSession.current !== sessionId) stick.current = true;
    shownSession.current = sessionId;
    if (stick.current && items.length) virtualizer.scrollToIndex(items.length - 1, { align: 'end' });
  }, [items, sessionId, virtualizer]);
  // A call revealed from elsewhere (a context item, a timeline bar, a search hit): bring its card into view.
  const reveal = useApp(inspectorSelectors.revealRow);
  useEffect(() => {
    if (!reveal || reveal.index >= items.length) return;
    stick.current = false;
    virtualizer.scrollToIndex(reveal.index, { align: 'center' });
  }, [reveal, virtualizer]); // only a new request scrolls, not new rows
  return (
    <div
      className="chat-scroll"
      ref={parentRef}
      data-testid="chat"
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
    >
      {earlier > 0 ? (
        <div className="chat-earlier" role="status" data-testid="chat-earlier">
          <span>Loading {earlierEstimated ? 'about ' : ''}{earlier.toLocaleString()} earlier rows…</span>
        </div>
      ) : null}
      {items.length === 0 ? (
        <div className="chat-empty">
          <h2>What should the agent do?</h2>
          <p className="muted">Every tool call appears here as it happens. Select one to inspect its raw traffic.</p>
        </div>
      ) : null}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((v) => (
          <div
            key={v.key}
            data-index={v.index}
            ref={virtualizer.measureElement}
            className={`chat-row${marks.rewound.has(items[v.index]!.key) ? ' chat-rewound' : ''}`}
            data-rewound={marks.rewound.has(items[v.index]!.key) ? 'true' : undefined}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${v.start}px)` }}
          >
            <ChatRow item={items[v.index]!} target={marks.targets.has(items[v.index]!.key)} />
          </div>
        ))}
      </div>
      <ModelRetryStatus />
    </div>
  );
}
