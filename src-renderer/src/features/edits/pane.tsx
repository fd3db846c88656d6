import type { WorkbenchPane } from '../../shell/workbench-panes';
import { EditsPane } from './EditsPane';

/** The edits pane in the right-hand tabs. */
export const pane: WorkbenchPane = { id: 'edits', title: 'Edits', order: 10, Component: EditsPane };
