import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { ModelChangeFields } from '../../../src-shared/contract/fork-views';

/** What forks changed that lasts beyond their first step: the system prompt, MCP servers' instructions, the model's provider, temperature and thinking. */
export interface ForkOverrides {
  systemPrompt?: string;
  /** The provider, temperature and thinking forks chose (the model's name lasts as `model_changed`). */
  model: Omit<ModelChangeFields, 'model'>;
  /** Server id → the instructions the model gets from it. */
  instructions: Map<string, string>;
}

/**
 * The lasting changes recorded by the forks in a session's history (a fork's own `agent_start`,
 * and those of the forks it descends from, copied with its history), so a resumed fork keeps them.
 */
export function forkOverridesOf(events: readonly GlassboxEvent[]): ForkOverrides {
  const out: ForkOverrides = { instructions: new Map(), model: {} };
  for (const e of events) {
    if (e.type !== 'agent_start' || !e.changed) continue;
    if (e.changed.what === 'systemPrompt') out.systemPrompt = e.changed.text;
    else if (e.changed.what === 'instructions') out.instructions.set(e.changed.server, e.changed.text);
    else if (e.changed.what === 'model') {
      const { provider, temperature, thinking } = e.changed;
      if (provider !== undefined) out.model.provider = provider;
      if (temperature !== undefined) out.model.temperature = temperature;
      if (thinking !== undefined) out.model.thinking = thinking;
    }
  }
  return out;
}
