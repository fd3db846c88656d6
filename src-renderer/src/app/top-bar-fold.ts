/**
 * What the top bar shows in its own line and what it folds into its *More* menu (⋯), for the
 * width it has. The bar never wraps: the session's title gives way first (it ellipsizes), then
 * the less used parts fold, widest first. The title, the run state, the model, the spend meter,
 * the *unsandboxed* warning, Export and Settings always stay in the line (in the narrowest bar,
 * shorter: see `compact`).
 */
export interface TopBarFold {
  /** The session's tokens and cost (`11 tokens in · 7 out · $0.0001`) in the line; else in the menu. */
  totalsInline: boolean;
  /** The trace id in the line; else in the menu. */
  traceInline: boolean;
  /** *Notify me* in the line; else in the menu. */
  notifyInline: boolean;
  /** The spend meter's burn rate in the line (always in its tooltip and the menu). */
  rateInline: boolean;
  /** Export and Settings as icons (with their names as tooltips and accessible names). */
  icons: boolean;
  /**
   * The narrowest bar: tighter gaps, the run state a dot, the spend meter its words without
   * the bar, *unsandboxed* a ⚠ — each with its words in its tooltip and accessible name.
   */
  compact: boolean;
  /** Something is folded: the ⋯ button is shown. */
  menu: boolean;
}

/** Below this width (px, inside the bar's padding) the totals and *Notify me* fold and the buttons become icons. */
export const FOLD_WIDE = 900;
/** Below this the trace id and the burn rate fold too. */
export const FOLD_MEDIUM = 700;
/** Below this the bar is `compact`. */
export const FOLD_NARROW = 520;
/** The most the bar folds (`compact`). */
export const MAX_FOLD_LEVEL = 3;

/**
 * How far a bar `width` px wide (its content box) folds to begin with: 0 nothing, 1 the totals
 * and *Notify me* (icons for Export and Settings), 2 also the trace and the burn rate, 3 compact.
 * Where what the bar holds (a long model name, a spend limit, the sandbox warning) still does
 * not fit, the bar folds one level further until it does (`TopBar`).
 */
export function foldLevelFor(width: number): number {
  if (width >= FOLD_WIDE) return 0;
  if (width >= FOLD_MEDIUM) return 1;
  if (width >= FOLD_NARROW) return 2;
  return MAX_FOLD_LEVEL;
}

/** What a fold level shows in the line and what it puts under ⋯. */
export function topBarFold(level: number): TopBarFold {
  return {
    totalsInline: level < 1,
    traceInline: level < 2,
    notifyInline: level < 1,
    rateInline: level < 2,
    icons: level >= 1,
    compact: level >= 3,
    menu: level >= 1,
  };
}
