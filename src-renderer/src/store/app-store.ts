import { createStore } from 'zustand/vanilla';
import type {
  CallFilter,
  Notice,
  PendingDialog,
  SessionSummary,
  SessionView,
  SettingsView,
} from '../../../src-shared/contract/views';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { emptySessionData, fromView, reduceEvent, type SessionData } from './event-reducer';

/** The session slice: the open session's conversation, calls, model turns, and the saved list. */
export interface SessionSlice extends SessionData {
  sessions: SessionSummary[];
  sessionQuery: string;
}

/** The toolCalls slice's UI state (the calls themselves live in SessionData.calls). */
export interface ToolCallsSlice {
  selectedCallId: string | null;
  filter: CallFilter;
}

/** The settings slice. */
export interface SettingsSlice {
  settings: SettingsView | null;
  settingsOpen: boolean;
}

/** The ui slice: banners and the connection. */
export interface UiSlice {
  notices: Array<Notice & { id: number }>;
  connection: 'connecting' | 'open' | 'closed';
  rightTab: string;
}

/** Everything the window shows. Dialogs live in SessionData.pending (they follow the session's events). */
export type AppState = SessionSlice & ToolCallsSlice & SettingsSlice & UiSlice;

/** Actions; pure state changes (the bridge calls are in app/actions.ts). */
export interface AppActions {
  applyEvent(e: GlassboxEvent): void;
  /** Loads the host's pre-reduced view of the current session (start, reload). */
  loadView(v: SessionView, pending?: PendingDialog[]): void;
  /**
   * Replaces a tail view with the whole one (the same session, later): the selection and the
   * dialogs stay. A view older than what the store already shows is refused (returns false).
   */
  completeView(v: SessionView): boolean;
  setPending(p: PendingDialog[]): void;
  setSessions(list: SessionSummary[]): void;
  setSessionQuery(q: string): void;
  selectCall(id: string | null): void;
  setFilter(f: CallFilter): void;
  setSettings(s: SettingsView): void;
  setSettingsOpen(open: boolean): void;
  pushNotice(n: Notice): void;
  dismissNotice(id: number): void;
  setConnection(c: UiSlice['connection']): void;
  setAgentState(s: SessionData['agent']): void;
  setRightTab(tab: string): void;
}

export type AppStore = ReturnType<typeof createAppStore>;

let noticeId = 0;

/** Builds the store (one per window; tests build their own). */
export function createAppStore() {
  return createStore<AppState & AppActions>()((set, get) => ({
    ...emptySessionData(),
    sessions: [],
    sessionQuery: '',
    selectedCallId: null,
    filter: {},
    settings: null,
    settingsOpen: false,
    notices: [],
    connection: 'connecting',
    rightTab: 'inspector',

    applyEvent: (e) => {
      const patch = reduceEvent(get(), e);
      if (Object.keys(patch).length) set(patch);
    },
    loadView: (v, pending) => set({ ...fromView(v, pending), selectedCallId: null }),
    completeView: (v) => {
      const s = get();
      if (v.summary.id !== s.sessionId || v.lastSeq < s.lastSeq) return false;
      set({ ...fromView(v, s.pending), callsVersion: s.callsVersion + 1 });
      return true;
    },
    setPending: (pending) => set({ pending }),
    setSessions: (sessions) => set({ sessions }),
    setSessionQuery: (sessionQuery) => set({ sessionQuery }),
    selectCall: (selectedCallId) => set({ selectedCallId }),
    setFilter: (filter) => set({ filter }),
    setSettings: (settings) => set({ settings }),
    setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
    pushNotice: (n) => {
      // The same problem twice shows once.
      const notices = get().notices.filter((x) => x.code !== n.code);
      set({ notices: [...notices, { ...n, id: ++noticeId }] });
    },
    dismissNotice: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
    setConnection: (connection) => set({ connection }),
    setAgentState: (agent) => {
      if (agent.sessionId && agent.sessionId !== get().sessionId) return;
      set({ agent });
    },
    setRightTab: (rightTab) => set({ rightTab }),
  }));
}
