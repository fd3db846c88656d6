import { addUsage, emptyTotals, type UsageTotals } from '../../../../src-shared/events/model-usage';
import type { ModelTurn } from '../event-reducer';
import { memoLast } from '../memo';
import type { AppStoreState } from '../store-types';

/** The session's usage so far: its model turns added up. Pure. */
export function turnsTotals(turns: readonly ModelTurn[]): UsageTotals {
  const t = emptyTotals();
  for (const turn of turns) if (turn.usage) addUsage(t, turn.usage);
  return t;
}

/** The model in use: the last turn's answerer, else the one its request named. Pure. */
export function modelOf(turns: readonly ModelTurn[]): string | undefined {
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = turns[i]!;
    if (t.model) return t.model;
    const asked = (t.request as { model?: unknown } | undefined)?.model;
    if (typeof asked === 'string') return asked;
  }
  return undefined;
}

const totals = memoLast(turnsTotals);

/** What the conversation and the top bar show. */
const NO_QUEUE: ReadonlyArray<{ id: string; text: string }> = [];

export const chatSelectors = {
  sessionId: (s: AppStoreState) => s.sessionId,
  title: (s: AppStoreState) => s.title,
  items: (s: AppStoreState) => s.chat.items,
  earlierRows: (s: AppStoreState) => s.earlierRows,
  earlierEstimated: (s: AppStoreState) => s.earlierEstimated,
  /** Calls of the session not loaded yet (a long session's tail came first). */
  earlierCalls: (s: AppStoreState) => s.earlierCalls,
  running: (s: AppStoreState) => s.agent.running,
  /** Messages typed during the run, waiting for its next model request. */
  queued: (s: AppStoreState) => s.agent.queued ?? NO_QUEUE,
  stopAfterStep: (s: AppStoreState) => s.agent.stopAfterStep === true,
  spend: (s: AppStoreState) => s.agent.spend,
  /** The OS sandbox of the shell and Python; `active: false` shows the "unsandboxed" badge. */
  sandbox: (s: AppStoreState) => s.agent.sandbox,
  /** The session's OpenTelemetry trace (id, link, spans lost), when export is on or a link is configured. */
  trace: (s: AppStoreState) => s.agent.trace,
  turns: (s: AppStoreState) => s.turns,
  /** Tokens and cost of the session so far (the same object until a turn changes). */
  usage: (s: AppStoreState) => totals(s.turns),
  /** The model of the session's last turn, else the one Settings names. */
  model: (s: AppStoreState) => modelOf(s.turns) ?? s.settings?.model,
};
