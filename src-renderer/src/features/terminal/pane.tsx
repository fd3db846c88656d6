import type { WorkbenchPane } from '../../shell/workbench-panes';
import { TerminalPane } from './TerminalPane';

/** The agent's terminal in the right-hand tabs. */
export const pane: WorkbenchPane = { id: 'terminal', title: 'Terminal', order: 20, Component: TerminalPane };
