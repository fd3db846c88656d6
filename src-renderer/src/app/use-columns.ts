import { useCallback, useEffect, useMemo, useState } from 'react';
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
  const [windowWidth, setWindowWidth] = useState(() => window.innerWidth);
  const [layout, setLayout] = useState(() => loadLayout(window.innerWidth));
  useEffect(() => {
    const onResize = (): void => setWindowWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
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
