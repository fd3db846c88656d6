import type { SessionSummary } from '../../../../src-shared/contract/views';

/** The sessions slice: the saved sessions (as the sidebar's search found them) and that search. */
export interface SessionsState {
  sessions: SessionSummary[];
  sessionQuery: string;
}

/** No list yet. */
export function initialSessionsState(): SessionsState {
  return { sessions: [], sessionQuery: '' };
}
