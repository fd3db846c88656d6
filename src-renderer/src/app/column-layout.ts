import { z } from 'zod';

/**
 * The window's three columns: sessions | conversation | inspector and panes. This is what the
 * user chose (widths dragged, sides hidden); `fitColumns` turns it into what a window of a given
 * width shows, without changing the choice, so a window made narrow and wide again gets the
 * user's widths back.
 */
export interface ColumnLayout {
  /** The sessions column's width (px) when shown. */
  sidebar: number;
  /** The right column's (inspector and panes) width (px) when shown. */
  right: number;
  /** Hidden by the user. */
  sidebarCollapsed: boolean;
  rightCollapsed: boolean;
  /** The side that stays when the window holds only one of them: the one opened last. */
  prefer: Side;
}

/** A side column. */
export type Side = 'sidebar' | 'right';

/** What a window of a given width shows: each side's width, or 0 when it is hidden or folded. */
export interface FittedColumns {
  sidebar: number;
  right: number;
  /** Folded because the window is too narrow for it (not the user's choice). */
  sidebarFolded: boolean;
  rightFolded: boolean;
}

/** The conversation never gets narrower than this beside two open sides. */
export const MIN_CENTER = 400;
/** Beside one side, the conversation may go down to this before that side folds too. */
export const MIN_CENTER_ALONE = 320;
export const MIN_SIDEBAR = 160;
export const MAX_SIDEBAR = 480;
export const MIN_RIGHT = 300;
/** Each splitter's own column. */
export const SPLITTER = 8;
const KEY = 'glassbox.columns';

/** Widths that suit a window this wide: narrower sidebar below 1200 px, the panes about a third. */
export function defaultLayout(windowWidth: number): ColumnLayout {
  return {
    sidebar: windowWidth < 1200 ? 190 : 240,
    right: Math.round(Math.max(MIN_RIGHT, windowWidth * (windowWidth < 1200 ? 0.36 : 0.4))),
    sidebarCollapsed: false,
    rightCollapsed: false,
    prefer: 'right',
  };
}

/** The default width of one side for this window (a double-click on its splitter goes back to it). */
export function defaultWidth(side: Side, windowWidth: number): number {
  return defaultLayout(windowWidth)[side];
}

/** A width the user may choose for a side: within its limits (the right one up to 70% of the window). */
export function clampWidth(side: Side, width: number, windowWidth: number): number {
  const max = side === 'sidebar' ? MAX_SIDEBAR : Math.max(MIN_RIGHT, windowWidth * 0.7);
  const min = side === 'sidebar' ? MIN_SIDEBAR : MIN_RIGHT;
  return Math.round(Math.max(min, Math.min(width, max)));
}

/**
 * What the window shows. Open sides give way to the conversation (MIN_CENTER wide): the right
 * column shrinks first, then the sidebar, each to its minimum. When both cannot fit, one folds —
 * the sessions, unless they were opened last — and a single side that would leave the
 * conversation under MIN_CENTER_ALONE folds too. Folded sides come back when the window widens.
 */
export function fitColumns(l: ColumnLayout, windowWidth: number): FittedColumns {
  const room = windowWidth - 2 * SPLITTER;
  let sidebar = l.sidebarCollapsed ? 0 : clampWidth('sidebar', l.sidebar, windowWidth);
  let right = l.rightCollapsed ? 0 : clampWidth('right', l.right, windowWidth);
  let sidebarFolded = false;
  let rightFolded = false;
  if (sidebar && right && MIN_SIDEBAR + MIN_RIGHT + MIN_CENTER > room) {
    if (l.prefer === 'sidebar') {
      right = 0;
      rightFolded = true;
    } else {
      sidebar = 0;
      sidebarFolded = true;
    }
  }
  let over = sidebar + right + MIN_CENTER - room;
  if (over > 0 && right) {
    const give = Math.min(over, right - MIN_RIGHT);
    right -= give;
    over -= give;
  }
  if (over > 0 && sidebar) {
    const give = Math.min(over, sidebar - MIN_SIDEBAR);
    sidebar -= give;
    over -= give;
  }
  // One side at its minimum leaves the conversation less than MIN_CENTER: it may go down to
  // MIN_CENTER_ALONE, and below that the side folds as well.
  if (room - sidebar - right < MIN_CENTER_ALONE) {
    if (right) {
      right = 0;
      rightFolded = true;
    } else if (sidebar) {
      sidebar = 0;
      sidebarFolded = true;
    }
  }
  return { sidebar, right, sidebarFolded, rightFolded };
}

/** The grid's columns: sidebar, its splitter, the conversation, splitter, right. */
export function gridColumns(f: FittedColumns): string {
  return `${f.sidebar}px ${SPLITTER}px minmax(0, 1fr) ${SPLITTER}px ${f.right}px`;
}

/**
 * The choice after the user drags a side to `width`: within the side's limits and no wider than
 * leaves the conversation MIN_CENTER (so a drag past that point
 * does nothing that would have to be dragged back first).
 */
export function resizeSide(l: ColumnLayout, side: Side, width: number, windowWidth: number): ColumnLayout {
  const f = fitColumns(l, windowWidth);
  const other: Side = side === 'sidebar' ? 'right' : 'sidebar';
  const max = windowWidth - 2 * SPLITTER - f[other] - MIN_CENTER;
  return { ...l, [side]: clampWidth(side, Math.min(width, max), windowWidth) };
}

/**
 * The choice after the user hides or shows a side. Showing one in a window too narrow for both
 * makes it the side that stays there (the other folds); hiding one keeps the other as the window shows it — a side folded for room
 * stays hidden (saved as hidden), so hiding never brings out something else.
 */
export function toggleSide(l: ColumnLayout, side: Side, windowWidth: number): ColumnLayout {
  const f = fitColumns(l, windowWidth);
  const other: Side = side === 'sidebar' ? 'right' : 'sidebar';
  if (f[side] === 0) {
    const shown = { ...l, [`${side}Collapsed`]: false };
    // It wins the room only where the two do not both fit (the other folds now).
    return fitColumns(shown, windowWidth)[side] === 0 ? { ...shown, prefer: side } : shown;
  }
  return { ...l, [`${side}Collapsed`]: true, [`${other}Collapsed`]: f[other] === 0 };
}

const StoredLayout = z.object({
  sidebar: z.number().finite(),
  right: z.number().finite(),
  sidebarCollapsed: z.boolean().catch(false),
  rightCollapsed: z.boolean().catch(false),
  prefer: z.enum(['sidebar', 'right']).catch('right'),
});

/** The layout the user left in this browser (`localStorage`), or the default for this width. */
export function loadLayout(windowWidth: number, storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ColumnLayout {
  try {
    const parsed = StoredLayout.safeParse(JSON.parse(storage?.getItem(KEY) ?? 'null'));
    if (parsed.success) {
      const l = parsed.data;
      return { ...l, sidebar: clampWidth('sidebar', l.sidebar, Infinity), right: Math.max(MIN_RIGHT, Math.min(Math.round(l.right), 4000)) };
    }
  } catch {
    // storage off or garbled: the default
  }
  return defaultLayout(windowWidth);
}

/** Keeps the layout for the next visit (nothing happens when storage is off). */
export function saveLayout(l: ColumnLayout, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(KEY, JSON.stringify(l));
  } catch {
    // storage off or full: the layout lasts this page only
  }
}
