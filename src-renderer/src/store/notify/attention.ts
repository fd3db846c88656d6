import type { GlassboxEvent } from '../../../../src-shared/events/event-types';

/** A notification to show: a run finished or failed, or the agent needs the user. */
export interface Attention {
  title: string;
  body: string;
  /** Same tag: the newer notification replaces the older. */
  tag: string;
}

const clip = (s: string, n = 140): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** What an event asks of a user who is not looking (null: nothing). Pure. */
export function attentionFor(e: GlassboxEvent, sessionTitle: string): Attention | null {
  switch (e.type) {
    case 'agent_end':
      if (e.reason === 'error') return { title: 'Run failed', body: clip(`${sessionTitle}: ${e.error ?? 'the run failed'}`), tag: 'run' };
      if (e.reason === 'finished') return { title: 'Run finished', body: clip(sessionTitle), tag: 'run' };
      if (e.reason === 'max_steps') return { title: 'Run stopped at the step limit', body: clip(sessionTitle), tag: 'run' };
      return null; // cancelled: the user did it
    case 'approval_requested':
      return { title: 'Approval needed', body: clip(`${e.tool}: ${e.reasons?.[0] ?? 'the agent asks to run it'}`), tag: 'ask' };
    case 'human_input_requested':
      return { title: 'The agent has a question', body: clip(e.question), tag: 'ask' };
    default:
      return null;
  }
}

/** The window title with the badge: "(2) Fix the build — Glassbox". Pure. */
export function badgedTitle(title: string, unseen: number): string {
  return `${unseen > 0 ? `(${unseen}) ` : ''}${title} — Glassbox`;
}
