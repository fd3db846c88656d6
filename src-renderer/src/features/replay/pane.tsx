import type { WorkbenchPane } from '../../shell/workbench-panes';
import { ReplayPane } from './ReplayPane';

/** The replay pane in the right-hand tabs (opened from a call's "Replay…"). */
export const pane: WorkbenchPane = { id: 'replay', title: 'Replay', order: 30, Component: ReplayPane };
