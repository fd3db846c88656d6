import type { SessionSummary } from '../../../../src-shared/contract/views';
import { downloadFile } from '../download';
import type { SliceActions } from '../store-types';

/** The sessions slice's actions. A failure shows a banner saying what failed. */
export interface SessionsActions {
  setSessions(list: SessionSummary[]): void;
  setSessionQuery(q: string): void;
  /** Loads the list (at start): the sessions matching the search box, all when it is empty. */
  loadSessions(): Promise<void>;
  /** Loads the sessions matching the sidebar's search; a failure keeps the list shown. */
  searchSessions(query: string): Promise<void>;
  newSession(): Promise<void>;
  openSession(id: string): Promise<void>;
  renameSession(id: string, title: string): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Saves a session as JSONL (a browser download). */
  exportSession(id: string): Promise<void>;
  /** Saves a session as one self-contained HTML file (the desktop's save dialog, else a download). */
  exportSessionHtml(id: string, withoutToolOutputs: boolean): Promise<void>;
  /** Loads the usage across sessions (today, this week, by model); a failure keeps the last one. */
  loadUsageSummary(): Promise<void>;
  /** Follows the host's list (under a search, its matches); returns the unsubscribe. */
  watchSessions(): () => void;
}

/** Builds the sessions slice's actions. */
export const sessionsActions: SliceActions<SessionsActions> = (set, get, bridge) => {
  let usageTimer: ReturnType<typeof setTimeout> | undefined;
  // The list has two writers, the answers to `sessions.list` and the host's change notices, and
  // an answer can arrive after a notice that is newer than it (a search sent before a rename,
  // answered after the rename's notice): each write takes a number, and an answer shows only if
  // nothing was asked for or pushed after its question.
  let listSeq = 0;
  const fetchList = async (query: string): Promise<void> => {
    const mine = ++listSeq;
    const list = await bridge().sessions.list(query.trim() || undefined);
    if (mine === listSeq) get().setSessions(list);
  };
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
    loadSessions: () => run('Sessions', () => fetchList(get().sessionQuery)),
    searchSessions: async (query) => {
      try {
        await fetchList(query);
      } catch {
        // The list shown stays; the next search or change notice refreshes it.
      }
    },
    newSession: () => run('New session', () => bridge().sessions.new()),
    openSession: (id) => run('Open session', () => bridge().sessions.open(id)),
    renameSession: (id, title) => run('Rename', () => bridge().sessions.rename(id, title)),
    deleteSession: (id) => run('Delete', () => bridge().sessions.delete(id)),
    exportSession: (id) => run('Export', async () => downloadFile(await bridge().sessions.export(id))),
    exportSessionHtml: (id, withoutToolOutputs) =>
      run('Export HTML', async () => {
        const out = await bridge().sessions.exportHtml(id, { withoutToolOutputs });
        if (out.kind === 'download') downloadFile(out.file);
        set({ exportNote: out.kind === 'saved' ? `Saved to ${out.path}` : out.kind === 'download' ? `Downloaded ${out.file.fileName}` : null });
      }),
    loadUsageSummary: async () => {
      try {
        set({ usageSummary: await bridge().sessions.usage() });
      } catch {
        // The summary shown stays; the next change refreshes it.
      }
    },
    watchSessions: () => {
      const api = bridge();
      const offs = [
        api.sessions.onChanged((list) => {
          // The notice lists every session: under a search, ask again for its matches only.
          const query = get().sessionQuery;
          if (query.trim()) void get().searchSessions(query);
          else {
            listSeq++;
            get().setSessions(list);
          }
          void get().loadUsageSummary();
        }),
        // A model turn's usage counts soon, not at the next list change; at most once a second
        // (each refresh of the index looks at every session file).
        api.agent.onEvent((e) => {
          if ((e.type === 'model_response' || e.type === 'agent_end') && !usageTimer) {
            usageTimer = setTimeout(() => {
              usageTimer = undefined;
              void get().loadUsageSummary();
            }, 1000);
          }
        }),
      ];
      return () => {
        clearTimeout(usageTimer);
        usageTimer = undefined;
        offs.forEach((off) => off());
      };
    },
  };
};
