/** The window's three columns: sessions | conversation | inspector and panes. */
export interface ColumnLayout {
  sidebar: number;
  right: number;
  sidebarCollapsed: boolean;
  rightCollapsed: boolean;
}

/** The conversation never gets narrower than this while both sides are open. */
export const MIN_CENTER = 400;
export const MIN_SIDEBAR = 160;
export const MIN_RIGHT = 300;
const KEY = 'glassbox.columns';

/** Widths that suit a window this wide: at 1000 px the sidebar is narrower and the panes take a third. */
export function defaultLayout(windowWidth: number): ColumnLayout {
  return {
    sidebar: windowWidth < 1200 ? 190 : 240,
    right: Math.round(Math.max(MIN_RIGHT, windowWidth * (windowWidth < 1200 ? 0.36 : 0.4))),
    sidebarCollapsed: false,
    rightCollapsed: false,
  };
}

/**
 * Fits the columns into the window: each side within its limits, and the conversation at least
 * MIN_CENTER wide (the right column gives way first, then the sidebar).
 */
export function fitLayout(l: ColumnLayout, windowWidth: number): ColumnLayout {
  let sidebar = Math.max(MIN_SIDEBAR, Math.min(l.sidebar, 480));
  let right = Math.max(MIN_RIGHT, Math.min(l.right, windowWidth * 0.7));
  const side = (l.sidebarCollapsed ? 0 : sidebar) + (l.rightCollapsed ? 0 : right);
  let over = side + MIN_CENTER + 16 - windowWidth;
  if (over > 0 && !l.rightCollapsed) {
    const give = Math.min(over, right - MIN_RIGHT);
    right -= give;
    over -= give;
  }
  if (over > 0 && !l.sidebarCollapsed) sidebar = Math.max(MIN_SIDEBAR, sidebar - over);
  return { ...l, sidebar: Math.round(sidebar), right: Math.round(right) };
}

/** The grid's columns for a layout: sidebar, its splitter, the conversation, splitter, right. */
export function gridColumns(l: ColumnLayout): string {
  return `${l.sidebarCollapsed ? 0 : l.sidebar}px 8px minmax(0, 1fr) 8px ${l.rightCollapsed ? 0 : l.right}px`;
}

/** The layout the user left, or the default for this width. */
export function loadLayout(windowWidth: number): ColumnLayout {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<ColumnLayout> | null;
    if (raw && typeof raw.sidebar === 'number' && typeof raw.right === 'number') {
      return fitLayout({ ...defaultLayout(windowWidth), ...raw, sidebarCollapsed: raw.sidebarCollapsed === true, rightCollapsed: raw.rightCollapsed === true }, windowWidth);
    }
  } catch {
    // storage off or garbled: the default
  }
  return fitLayout(defaultLayout(windowWidth), windowWidth);
}

export function saveLayout(l: ColumnLayout): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(l));
  } catch {
    // storage off: the layout lasts this page only
  }
}
