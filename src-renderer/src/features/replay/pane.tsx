import type { WorkbenchPane } from '../../app/workbench-panes';
import { lazy } from 'react';

/** The replay pane in the right-hand tabs (opened from a call's "Replay…"). */
export const pane: WorkbenchPane = { id: 'replay', title: 'Replay', order: 30, Component: lazy(() => import('./ReplayPane').then((m) => ({ default: m.ReplayPane }))) };
