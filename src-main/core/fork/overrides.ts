import type { GlassboxEvent } from '../../../src-shared/events/event-types';

/** What forks changed that lasts beyond their first step: the system prompt and MCP servers' instructions. */
export interface ForkOverrides {
  systemPrompt?: string;
  /** Server id → the instructions the model gets from it. */
  instructions: Map<string, string>;
}

/**
 * The lasting changes recorded by the forks in a session's history (a fork's own `agent_start`,
 * and those of the forks it descends from, copied with its history), so a resumed fork keeps them.
 */
export function forkOverridesOf(events: readonly GlassboxEvent[]): ForkOverrides {
  const out: ForkOverrides = { instructions: new Map() };
  for (const e of events) {
    if (e.type !== 'agent_start' || !e.changed) continue;
    if (e.changed.what === 'systemPrompt') out.systemPrompt = e.changed.text;
    else if (e.changed.what === 'instructions') out.instructions.set(e.changed.server, e.changed.text);
  }
  return out;
}
