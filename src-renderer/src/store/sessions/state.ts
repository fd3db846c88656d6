import type { UsageSummary } from '../../../../src-shared/contract/insight-views';
import type { SessionSummary } from '../../../../src-shared/contract/views';

/** The sessions slice: the saved sessions (as the sidebar's search found them) and that search. */
export interface SessionsState {
  sessions: SessionSummary[];
  sessionQuery: string;
  /** Tokens and cost across sessions (today, this week, by model); null until loaded. */
  usageSummary: UsageSummary | null;
  /** The HTML export's last outcome, for the top bar ("Saved to …"). */
  exportNote: string | null;
}

/** No list yet. */
export function initialSessionsState(): SessionsState {
  return { sessions: [], sessionQuery: '', usageSummary: null, exportNote: null };
}
