/**
 * The events the host pushes to the UI. Events are named `namespace.name`; listeners are
 * `api.namespace.onName(listener)`, receive the payload only and return a disposer.
 *
 * To add an event: add it to `BridgeEvents` AND `EVENT_NAMES`.
 */
import type { GlassboxEvent } from '../events/event-types';
import type { AgentState, Notice, PendingDialog, SessionSummary, SessionView, SettingsView } from './views';
import type { ExtensionView, McpSnapshot, TerminalState } from './workbench-views';

/** Every event the host pushes, with its payload. */
export interface BridgeEvents {
  /** A core event of the current session (the recorded taxonomy plus tool_execution_update, model_*, mcp_traffic). */
  'agent.event': GlassboxEvent;
  'agent.state': AgentState;
  /**
   * The current session changed (new, opened): its view, the last FIRST_SCREEN_ROWS rows when
   * it is longer (then `tail` is set and the window asks `sessions.view()` for the rest).
   */
  'sessions.switched': SessionView;
  /** The saved sessions list changed (renamed, deleted, created). */
  'sessions.changed': SessionSummary[];
  /** The pending dialogs changed (one was added or answered). */
  'dialogs.changed': PendingDialog[];
  'settings.changed': SettingsView;
  /** Something the user should see in a banner. */
  'app.notice': Notice;
  // Workbench events (issue 8).
  /** Output of the agent's pty, as it arrives. */
  'terminal.data': string;
  'terminal.state': TerminalState;
  /** MCP servers changed (status, tools, config). */
  'mcp.changed': McpSnapshot;
  'extensions.changed': ExtensionView[];
}

export type BridgeEventName = keyof BridgeEvents;

/** Every event name, at run time. */
export const EVENT_NAMES: readonly BridgeEventName[] = [
  'agent.event',
  'agent.state',
  'sessions.switched',
  'sessions.changed',
  'dialogs.changed',
  'settings.changed',
  'app.notice',
  'terminal.data',
  'terminal.state',
  'mcp.changed',
  'extensions.changed',
];
