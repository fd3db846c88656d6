import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { defaultWidth, fitColumns, loadLayout, resizeSide, saveLayout, toggleSide, type ColumnLayout, type FittedColumns, type Side } from './column-layout';

/** The columns as shown now, and what the splitters and shortcuts do to them. */
export interface Columns {
  /** The user's choice (kept in `localStorage`). */
  layout: ColumnLayout;
  /** What this window shows. */
  fitted: FittedColumns;
  windowWidth: number;
  resize(side: Side, width: number): void;
  reset(side: Side): void;
  toggle(side: Side): void;
}

/**
 * The columns' widths and hidden sides: the user's choice, kept for the next visit, fitted to
 * the window on every resize (the choice itself is not changed by a narrow window).
 */
export function useColumns(): Columns {
  const windowWidth = useSyncExternalStore(onWindowResize, () => window.innerWidth);
  const [layout, setLayout] = useState(() => loadLayout(window.innerWidth));
  const change = useCallback((f: (l: ColumnLayout, w: number) => ColumnLayout) => {
    setLayout((l) => {
      const next = f(l, window.innerWidth);
      saveLayout(next);
      return next;
    });
  }, []);
  const fitted = useMemo(() => fitColumns(layout, windowWidth), [layout, windowWidth]);
  return {
    layout,
    fitted,
    windowWidth,
    resize: useCallback((side, width) => change((l, w) => resizeSide(l, side, width, w)), [change]),
    reset: useCallback((side) => change((l, w) => resizeSide(l, side, defaultWidth(side, w), w)), [change]),
    toggle: useCallback((side) => change((l, w) => toggleSide(l, side, w)), [change]),
  };
}

/**
 * Subscribes to the window's resizes. Through `useSyncExternalStore` the columns are fitted
 * before the next paint: a `setState` from the resize event would render a task later, and
 * one frame would show the old columns at the new width (a narrow window's sessions column
 * still open beside a squeezed conversation).
 */
function onWindowResize(changed: () => void): () => void {
  window.addEventListener('resize', changed);
  return () => window.removeEventListener('resize', changed);
}
