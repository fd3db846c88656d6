import type { WorkbenchPane } from '../../app/workbench-panes';
import { lazy } from 'react';

/** The session timeline in the right-hand tabs. */
export const pane: WorkbenchPane = { id: 'timeline', title: 'Timeline', order: 40, Component: lazy(() => import('./TimelinePane').then((m) => ({ default: m.TimelinePane }))) };
