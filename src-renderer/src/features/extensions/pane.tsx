import type { WorkbenchPane } from '../../app/workbench-panes';
import { lazy } from 'react';

/** The extensions page in the right-hand tabs. */
export const pane: WorkbenchPane = { id: 'extensions', title: 'Extensions', order: 60, Component: lazy(() => import('./ExtensionsPane').then((m) => ({ default: m.ExtensionsPane }))) };
