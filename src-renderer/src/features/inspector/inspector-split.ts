import { z } from 'zod';

/**
 * The inspector's split between its call list (above) and the selected call's details (below):
 * the list's share of the height the two have. A share, not pixels, so a taller window gives
 * both more room; kept per browser like the columns.
 */

/** The list's share when the user has not chosen one (and after a double-click on the splitter). */
export const DEFAULT_LIST_SHARE = 0.4;
/** The list keeps its filters and two rows in sight. */
export const MIN_LIST = 96;
/** The details keep their header, actions and a few lines of arguments. */
export const MIN_DETAIL = 140;
/** The splitter's own row. */
export const SPLIT_BAR = 8;
const KEY = 'glassbox.inspectorSplit';

/**
 * The list's height, in px, for a share and the height the list, the splitter and the details
 * have together: within the limits; where the height holds less than both minimums, the list
 * gets its minimum share of what there is (never below 0).
 */
export function listHeight(share: number, total: number): number {
  const room = Math.max(0, total - SPLIT_BAR);
  const max = room - MIN_DETAIL;
  if (max < MIN_LIST) return Math.round(Math.max(0, Math.min(room * DEFAULT_LIST_SHARE, room)));
  return Math.round(Math.max(MIN_LIST, Math.min(room * share, max)));
}

/** The biggest list height the user can drag to (the details keep MIN_DETAIL). */
export function maxListHeight(total: number): number {
  return Math.max(MIN_LIST, Math.round(total - SPLIT_BAR - MIN_DETAIL));
}

/** The share kept after the user drags the list to `height` px: brought within the limits. */
export function shareFor(height: number, total: number): number {
  const room = total - SPLIT_BAR;
  if (!(room > 0) || !Number.isFinite(height)) return DEFAULT_LIST_SHARE;
  return listHeight(height / room, total) / room;
}

const Stored = z.object({ list: z.number().finite().min(0.05).max(0.95) });

/** The share the user left in this browser (`localStorage`), or the default. */
export function loadListShare(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): number {
  try {
    const parsed = Stored.safeParse(JSON.parse(storage?.getItem(KEY) ?? 'null'));
    if (parsed.success) return parsed.data.list;
  } catch {
    // storage off or garbled: the default
  }
  return DEFAULT_LIST_SHARE;
}

/** Keeps the share for the next visit (nothing happens when storage is off). */
export function saveListShare(share: number, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(KEY, JSON.stringify({ list: share }));
  } catch {
    // storage off or full: the split lasts this page only
  }
}
