import type { WorkbenchPane } from '../../shell/workbench-panes';
import { ExtensionsPane } from './ExtensionsPane';

/** The extensions page in the right-hand tabs. */
export const pane: WorkbenchPane = { id: 'extensions', title: 'Extensions', order: 60, Component: ExtensionsPane };
