import type { WorkbenchPane } from '../../app/workbench-panes';
import { lazy } from 'react';

/** The MCP servers page in the right-hand tabs. */
export const pane: WorkbenchPane = { id: 'mcp', title: 'MCP', order: 50, Component: lazy(() => import('./McpServersPane').then((m) => ({ default: m.McpServersPane }))) };
