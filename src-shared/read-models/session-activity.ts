import type { EventType, GlassboxEvent } from '../events/event-types';

/**
 * Events a session writes on its own, with nobody talking to it: MCP servers connecting and
 * reporting, log lines, the queue and spend meter. They are kept in the file but are not
 * activity: an idle session whose server reconnects must not jump to the top of the list.
 */
const BACKGROUND: ReadonlySet<EventType> = new Set<EventType>([
  'log',
  'mcp_server_status',
  'mcp_tools_changed',
  'mcp_traffic',
  'mcp_server_request',
  'mcp_resource_updated',
  'steer_queue',
  'spend_status',
]);

/** True for an event that says someone (the user or the agent) did something in the session. */
export function isActivity(e: GlassboxEvent): boolean {
  return !BACKGROUND.has(e.type);
}

/**
 * When the session was last active: the time of its last event that is not background, else of
 * its first event, else `fallback`.
 */
export function lastActiveAt(events: readonly GlassboxEvent[], fallback: number): number {
  for (let i = events.length - 1; i >= 0; i--) if (isActivity(events[i]!)) return events[i]!.ts;
  return events[0]?.ts ?? fallback;
}

/**
 * A conversation: the session was given a task (its file holds an `agent_start`). Only
 * conversations are listed as sessions; files written by `glassbox tools call`, `glassbox replay`
 * or `glassbox tools list` (tool calls and log lines, no task) stay on disk but are not listed.
 */
export function isConversation(events: readonly GlassboxEvent[]): boolean {
  return events.some((e) => e.type === 'agent_start');
}

/** The first line of the session's first task, cut to 80 characters; null before any task. */
export function titleFromTask(task: string | undefined | null): string | null {
  const line = (task ?? '').trim().split('\n')[0]!.trim();
  if (!line) return null;
  return line.length > 80 ? `${line.slice(0, 77)}…` : line;
}
