import type { WorkbenchPane } from '../../app/workbench-panes';
import { lazy } from 'react';

/** The edits pane in the right-hand tabs. */
export const pane: WorkbenchPane = { id: 'edits', title: 'Edits', order: 10, Component: lazy(() => import('./EditsPane').then((m) => ({ default: m.EditsPane }))) };
