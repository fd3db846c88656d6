import type { ComponentType } from 'react';

/**
 * A pane in the right-hand area beside the inspector. Workbench features (issue 8) provide
 * one each from `src-renderer/src/features/<feature>/pane.tsx` by exporting `pane`; the frame
 * finds them at build time, so adding a feature never edits the frame. A pane reads the store
 * with `useApp(selector)` (src-renderer/src/store/app-context.ts) and reaches the host only through
 * its slice's actions (src-renderer/src/store/<slice>/actions.ts), never the bridge itself.
 */
export interface WorkbenchPane {
  id: string;
  title: string;
  /** Lower comes first; the inspector is 0. */
  order?: number;
  Component: ComponentType;
}

/** The panes found under features/*\/pane.tsx, in order. */
export function discoverPanes(modules: Record<string, unknown>): WorkbenchPane[] {
  const panes: WorkbenchPane[] = [];
  for (const m of Object.values(modules)) {
    const p = (m as { pane?: WorkbenchPane }).pane;
    // Component: a function component or a React.lazy one (an object).
    if (p && typeof p.id === 'string' && p.Component) panes.push(p);
  }
  return panes.sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || a.title.localeCompare(b.title));
}
