import type { SliceActions } from '../store-types';

/** Actions on tool calls that run as MCP tasks (the call's card shows what follows from the events). */
export interface TasksActions {
  /** Cancels a task call (`tasks/cancel`); the call then ends as cancelled. */
  cancelTask(callId: string): Promise<void>;
  /** Takes up a task whose run ended without it: asks the server and records its result once it is done. */
  resumeTask(callId: string): Promise<void>;
}

/** Builds the tasks actions. */
export const tasksActions: SliceActions<TasksActions> = (_set, get, bridge) => ({
  cancelTask: async (callId) => {
    try {
      await bridge().tasks.cancel(callId);
    } catch (err) {
      get().reportError('Cancel task', err);
    }
  },
  resumeTask: async (callId) => {
    try {
      await bridge().tasks.resume(callId);
    } catch (err) {
      get().reportError('Check task', err);
    }
  },
});
