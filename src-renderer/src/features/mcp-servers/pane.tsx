import type { WorkbenchPane } from '../../shell/workbench-panes';
import { McpServersPane } from './McpServersPane';

/** The MCP servers page in the right-hand tabs. */
export const pane: WorkbenchPane = { id: 'mcp', title: 'MCP', order: 50, Component: McpServersPane };
