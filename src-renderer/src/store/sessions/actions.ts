import type { SessionSummary } from '../../../../src-shared/contract/views';
import { downloadFile } from '../../app/download';
import type { SliceActions } from '../store-types';

/** The sessions slice's actions. A failure shows a banner saying what failed. */
export interface SessionsActions {
  setSessions(list: SessionSummary[]): void;
  setSessionQuery(q: string): void;
  /** Loads the whole list (at start). */
  loadSessions(): Promise<void>;
  /** Loads the sessions matching the sidebar's search; a failure keeps the list shown. */
  searchSessions(query: string): Promise<void>;
  newSession(): Promise<void>;
  openSession(id: string): Promise<void>;
  renameSession(id: string, title: string): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Saves a session as JSONL (a browser download). */
  exportSession(id: string): Promise<void>;
  /** Follows the host's list; returns the unsubscribe. */
  watchSessions(): () => void;
}

/** Builds the sessions slice's actions. */
export const sessionsActions: SliceActions<SessionsActions> = (set, get, bridge) => {
  const run = async (what: string, call: () => Promise<unknown>): Promise<void> => {
    try {
      await call();
    } catch (err) {
      get().reportError(what, err);
    }
  };
  return {
    setSessions: (sessions) => set({ sessions }),
    setSessionQuery: (sessionQuery) => set({ sessionQuery }),
    loadSessions: () => run('Sessions', async () => get().setSessions(await bridge().sessions.list())),
    searchSessions: async (query) => {
      try {
        get().setSessions(await bridge().sessions.list(query || undefined));
      } catch {
        // The list shown stays; the next search or change notice refreshes it.
      }
    },
    newSession: () => run('New session', () => bridge().sessions.new()),
    openSession: (id) => run('Open session', () => bridge().sessions.open(id)),
    renameSession: (id, title) => run('Rename', () => bridge().sessions.rename(id, title)),
    deleteSession: (id) => run('Delete', () => bridge().sessions.delete(id)),
    exportSession: (id) => run('Export', async () => downloadFile(await bridge().sessions.export(id))),
    watchSessions: () => bridge().sessions.onChanged((list) => get().setSessions(list)),
  };
};
