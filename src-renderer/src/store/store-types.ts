import type { GlassboxApi } from '../../../src-shared/contract/client';
import type { CallsActions } from './calls/actions';
import type { TasksActions } from './tasks/actions';
import type { CallsState } from './calls/state';
import type { CheckpointsActions } from './checkpoints/actions';
import type { CheckpointsState } from './checkpoints/state';
import type { ChatActions } from './chat/actions';
import type { ChatSliceState } from './chat/state';
import type { DialogsActions } from './dialogs/actions';
import type { DialogsState } from './dialogs/state';
import type { EditsActions } from './edits/actions';
import type { EditsState } from './edits/state';
import type { ExtensionsActions } from './extensions/actions';
import type { ExtensionsState } from './extensions/state';
import type { InspectorActions } from './inspector/actions';
import type { InspectorState } from './inspector/state';
import type { NotifyActions } from './notify/actions';
import type { NotifyState } from './notify/state';
import type { SearchActions } from './search/actions';
import type { SearchState } from './search/state';
import type { McpActions } from './mcp/actions';
import type { ModelPickerActions } from './model/actions';
import type { ModelPickerState } from './model/state';
import type { McpState } from './mcp/state';
import type { ReplayActions } from './replay/actions';
import type { ReplayState } from './replay/state';
import type { SessionsActions } from './sessions/actions';
import type { SessionsState } from './sessions/state';
import type { SettingsActions } from './settings/actions';
import type { SettingsState } from './settings/state';
import type { FrameActions } from './frame/actions';
import type { FrameState } from './frame/state';
import type { TerminalActions } from './terminal/actions';
import type { TerminalPaneState } from './terminal/state';
import type { TimelineActions } from './timeline/actions';
import type { TimelineState } from './timeline/state';
import type { ForkActions } from './fork/actions';
import type { ForkState } from './fork/state';
import type { AppsActions } from './apps/actions';
import type { AppsState } from './apps/state';

/** Everything the window shows: the state of every slice, side by side in one flat store. */
export type AppState = ChatSliceState &
  CallsState &
  DialogsState &
  SessionsState &
  SettingsState &
  FrameState &
  EditsState &
  CheckpointsState &
  TerminalPaneState &
  ReplayState &
  TimelineState &
  McpState &
  ModelPickerState &
  ExtensionsState &
  InspectorState &
  SearchState &
  NotifyState &
  ForkState &
  AppsState;

/** Every slice's actions. The bridge is called from these, never from a component. */
export type AppActions = ChatActions &
  CallsActions &
  DialogsActions &
  SessionsActions &
  SettingsActions &
  FrameActions &
  EditsActions &
  CheckpointsActions &
  TerminalActions &
  ReplayActions &
  TimelineActions &
  McpActions &
  ModelPickerActions &
  ExtensionsActions &
  InspectorActions &
  SearchActions &
  NotifyActions &
  ForkActions &
  AppsActions &
  TasksActions;

/** The store's whole value: state and actions. */
export type AppStoreState = AppState & AppActions;

/** zustand's `set`: merges a patch into the store. */
export type SetState = (patch: Partial<AppStoreState> | ((s: AppStoreState) => Partial<AppStoreState>)) => void;

/** zustand's `get`: the store's current value. */
export type GetState = () => AppStoreState;

/** The bridge to the host, as the window reached it; throws in a store built without one (tests). */
export type Bridge = () => GlassboxApi;

/**
 * Builds one slice's actions. A slice may call actions of other slices through `get()` (an
 * answer that changes the agent's state goes to the chat slice) but writes only its own state,
 * except through those actions.
 */
export type SliceActions<A> = (set: SetState, get: GetState, bridge: Bridge) => A;

/** The message of anything a bridge call rejected with. */
export function errorText(err: unknown): string {
  return String((err as Error)?.message ?? err);
}
