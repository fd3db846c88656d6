import { createStore, type StoreApi } from 'zustand/vanilla';
import type { GlassboxApi } from '../../../src-shared/contract/client';
import { callsActions } from './calls/actions';
import { tasksActions } from './tasks/actions';
import { checkpointsActions } from './checkpoints/actions';
import { initialCheckpointsState } from './checkpoints/state';
import { initialCallsState } from './calls/state';
import { chatActions } from './chat/actions';
import { initialChatState } from './chat/state';
import { dialogsActions } from './dialogs/actions';
import { initialDialogsState } from './dialogs/state';
import { editsActions } from './edits/actions';
import { initialEditsState } from './edits/state';
import { extensionsActions } from './extensions/actions';
import { inspectorActions } from './inspector/actions';
import { initialInspectorState } from './inspector/state';
import { initialExtensionsState } from './extensions/state';
import { mcpActions } from './mcp/actions';
import { modelPickerActions } from './model/actions';
import { initialModelPickerState } from './model/state';
import { notifyActions } from './notify/actions';
import { initialNotifyState } from './notify/state';
import { searchActions } from './search/actions';
import { initialSearchState } from './search/state';
import { initialMcpState } from './mcp/state';
import { replayActions } from './replay/actions';
import { initialReplayState } from './replay/state';
import { sessionsActions } from './sessions/actions';
import { initialSessionsState } from './sessions/state';
import { settingsActions } from './settings/actions';
import { initialSettingsState } from './settings/state';
import { frameActions } from './frame/actions';
import { initialFrameState } from './frame/state';
import type { AppState, AppStoreState, Bridge } from './store-types';
import { terminalActions } from './terminal/actions';
import { initialTerminalState } from './terminal/state';
import { timelineActions } from './timeline/actions';
import { forkActions } from './fork/actions';
import { initialForkState } from './fork/state';
import { appsActions } from './apps/actions';
import { initialAppsState } from './apps/state';
import { initialTimelineState } from './timeline/state';


/** The window's store: one zustand store composed of a slice per domain. */
export type AppStore = StoreApi<AppStoreState>;

/** Every slice's initial state. */
export function initialAppState(): AppState {
  return {
    ...initialChatState(),
    ...initialCallsState(),
    ...initialDialogsState(),
    ...initialSessionsState(),
    ...initialSettingsState(),
    ...initialFrameState(),
    ...initialEditsState(),
    ...initialCheckpointsState(),
    ...initialTerminalState(),
    ...initialReplayState(),
    ...initialTimelineState(),
    ...initialMcpState(),
    ...initialModelPickerState(),
    ...initialExtensionsState(),
    ...initialInspectorState(),
    ...initialSearchState(),
    ...initialNotifyState(),
    ...initialForkState(),
    ...initialAppsState(),
  };
}

/**
 * Builds the store (one per window). Its actions reach the host through `api`; a store built
 * without one (a test's) runs every pure action, and a bridge action fails saying why.
 */
export function createAppStore(api?: GlassboxApi): AppStore {
  const bridge: Bridge = () => {
    if (!api) throw new Error('This store has no bridge to the host.');
    return api;
  };
  return createStore<AppStoreState>()((set, get) => ({
    ...initialAppState(),
    ...chatActions(set, get, bridge),
    ...forkActions(set, get, bridge),
    ...callsActions(set, get, bridge),
    ...tasksActions(set, get, bridge),
    ...dialogsActions(set, get, bridge),
    ...sessionsActions(set, get, bridge),
    ...settingsActions(set, get, bridge),
    ...frameActions(set, get, bridge),
    ...editsActions(set, get, bridge),
    ...checkpointsActions(set, get, bridge),
    ...terminalActions(set, get, bridge),
    ...replayActions(set, get, bridge),
    ...timelineActions(set, get, bridge),
    ...mcpActions(set, get, bridge),
    ...modelPickerActions(set, get, bridge),
    ...extensionsActions(set, get, bridge),
    ...inspectorActions(set, get, bridge),
    ...searchActions(set, get, bridge),
    ...notifyActions(set, get, bridge),
    ...appsActions(set, get, bridge),
  }));
}
