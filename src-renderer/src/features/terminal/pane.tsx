import type { WorkbenchPane } from '../../app/workbench-panes';
import { lazy } from 'react';

/** The agent's terminal in the right-hand tabs. */
export const pane: WorkbenchPane = { id: 'terminal', title: 'Terminal', order: 20, Component: lazy(() => import('./TerminalPane').then((m) => ({ default: m.TerminalPane }))) };
