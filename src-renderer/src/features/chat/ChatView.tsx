import { elementScroll, measureElement, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useApp, useAppStore } from '../../store/app-context';
import { chatSelectors } from '../../store/chat/selectors';
import { inspectorSelectors } from '../../store/inspector/selectors';
import { rewoundRows, type ChatItem } from '../../../../src-shared/read-models/chat-items';
import { ModelRetryStatus } from './ModelFailure';
import { RowSizes } from './row-sizes';
import { PlacedChatRow } from './ChatRow';
import { hasSketch } from './sketch-face';
import { useRowFill } from './use-row-fill';
import { SketchLayer, type SketchRow } from './sketch-layer';
import { useQuietVirtualizer } from './use-quiet-virtualizer';
import { useResizeAnchor } from './use-resize-anchor';
import { ViewMoves } from './scroll-pace';

/** The conversation, virtualized (sessions with 10,000 calls stay fast); sticks to the bottom while you are there. */
export function ChatView() {
  const items = useApp(chatSelectors.items);
  const earlier = useApp(chatSelectors.earlierRows);
  const earlierEstimated = useApp(chatSelectors.earlierEstimated);
  // Rows a conversation restore left out are dimmed under a marker on the turn restored to.
  const marks = useMemo(() => rewoundRows(items), [items]);
  const marksRef = useRef(marks);
  marksRef.current = marks;
  const store = useAppStore();
  const parentRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  // Each scroll event's move is the user's only: the app's own moves of the view are placed as made.
  const moves = useMemo(() => new ViewMoves(), []);
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
  // The rows React drew last (full rows at their places) and the sketches drawn by hand beside them.
  const drawn = useRef<{ full: Map<string, number>; total: number }>({ full: new Map(), total: -1 });
  const sketchLayer = useMemo(() => new SketchLayer(), []);
  const sketchRow = (v: VirtualItem, item: ChatItem): SketchRow => ({
    key: item.key,
    item,
    call: item.kind === 'call' ? store.getState().calls.byId.get(item.callId) : undefined,
    start: v.start,
    size: v.size,
    rewound: marksRef.current.rewound.has(item.key),
  });
  // The row a key or a link brought into view (Alt+↓, a search hit): drawn in full at once, never as a sketch.
  const revealed = useRef<string | undefined>(undefined);
  /** Whether `item` is drawn in full now (else as a sketch), at the pace `fast`. */
  const isFull = (item: ChatItem, fast: boolean): boolean => {
    if (item.key !== revealed.current) return fill.isFull(item.key, fast, hasSketch(item));
    fill.fill(item.key);
    return fill.isFull(item.key, false, hasSketch(item));
  };
  /**
   * A scroll that changes only sketches (a fling, once the full rows have left the page): moves
   * them by hand, without re-rendering the list. Anything else (a row to draw in full, a full row
   * leaving or moving, a new height) goes through React.
   */
  const quiet = (v: Virtualizer<HTMLDivElement, Element>): boolean => {
    const last = drawn.current;
    if (v.getTotalSize() !== last.total) return false;
    const fastNow = pace.fast(performance.now());
    const rows = v.getVirtualItems();
    const sketches: SketchRow[] = [];
    let full = 0;
    for (const r of rows) {
      const item = itemsRef.current[r.index];
      if (!item || item.key !== r.key) return false;
      if (!isFull(item, fastNow)) sketches.push(sketchRow(r, item));
      else if (last.full.get(item.key) === r.start) full++;
      else return false;
    }
    if (full !== last.full.size) return false;
    sketchLayer.draw(sketches);
    follow(rows);
    return true;
  };
  const virtualizer = useQuietVirtualizer({
    count: items.length,
    getScrollElement: () => parentRef.current,
    estimateSize,
    measureElement: measureRow,
    overscan: 6,
    getItemKey,
    // The virtualizer's own moves (a row kept in place as rows above it are measured or arrive, a
    // jump to a row) are the app's, not the user's.
    scrollToFn: (offset, options, v) => {
      elementScroll(offset, options, v);
      if (parentRef.current) moves.placed(parentRef.current.scrollTop);
    },
    // Rows added above (the rest of a long session arriving after its last screen) keep what
    // you are looking at in place.
    anchorTo: 'end',
    // Render rows in the very first pass instead of waiting for the scroll box to be measured.
    initialRect: { width: 800, height: window.innerHeight },
    // Open long sessions at the end, where the user left off (read lazily, once it exists).
    initialOffset: () => Math.max(0, (self.current?.getTotalSize() ?? 0) - window.innerHeight),
  }, quiet);
  self.current = virtualizer;
  // Rows entering while the view scrolls too fast to read are sketches, filled in once it slows.
  const { pace, fill, follow } = useRowFill(virtualizer);
  const fast = pace.fast(performance.now());
  const sketched: SketchRow[] = [];
  const placed = new Map<string, number>();
  const sketchHost = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    sketchLayer.attach(sketchHost.current);
    sketchLayer.draw(sketched);
    drawn.current = { full: placed, total: virtualizer.getTotalSize() };
  });
  // A resized window keeps the view at the bottom, or on the row being read.
  const contentRef = useRef<HTMLDivElement>(null);
  const { scrolled } = useResizeAnchor(parentRef, contentRef, stick, virtualizer, moves);
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
  revealed.current = reveal ? items[reveal.index]?.key : undefined;
  useEffect(() => {
    if (!reveal || reveal.index >= items.length) return;
    // A step to the next card (align auto) leaves the view stuck to the bottom if it is.
    if (reveal.align !== 'auto') stick.current = false;
    virtualizer.scrollToIndex(reveal.index, { align: reveal.align ?? 'center' });
  }, [reveal, virtualizer]); // only a new request scrolls, not new rows
  return (
    <div
      className="chat-scroll"
      ref={parentRef}
      data-testid="chat"
      onScroll={(e) => {
        const el = e.currentTarget;
        const dy = moves.scrolled(el.scrollTop);
        pace.record(performance.now(), dy, el.clientHeight);
        scrolled(dy);
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
      <div ref={contentRef} style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((v) => {
          const item = items[v.index]!;
          if (!isFull(item, fast)) {
            sketched.push(sketchRow(v, item));
            return null;
          }
          placed.set(item.key, v.start);
          return (
            <PlacedChatRow
              key={v.key}
              item={item}
              index={v.index}
              start={v.start}
              rewound={marks.rewound.has(item.key)}
              target={marks.targets.has(item.key)}
              measure={virtualizer.measureElement}
            />
          );
        })}
        {/* Sketches: slots written by SketchLayer, not by React (moved by hand while a fling scrolls).
            Not measured: each holds the height its row is placed with, so filling it in moves nothing
            that the row's first measure would not have moved anyway. */}
        <div ref={sketchHost} className="chat-sketches" />
      </div>
      <ModelRetryStatus />
    </div>
  );
}
