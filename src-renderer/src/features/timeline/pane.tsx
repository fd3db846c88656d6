import type { WorkbenchPane } from '../../shell/workbench-panes';
import { TimelinePane } from './TimelinePane';

/** The session timeline in the right-hand tabs. */
export const pane: WorkbenchPane = { id: 'timeline', title: 'Timeline', order: 40, Component: TimelinePane };
