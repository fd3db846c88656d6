/**
 * The bridge's methods for tool calls that run as MCP tasks, kept beside methods.ts, which
 * folds them into `METHODS`.
 */
import { z } from 'zod';
import type { McpTaskState } from '../events/mcp-task';
import { method, returns, type MethodTypes } from './method-schema';

/** What a task action did. */
export interface TaskActionResult {
  /** The task as the server has it now (with `lost` when the server no longer knows it). */
  task: McpTaskState;
  /** True when the call now has its end recorded (its result, cancellation or loss). */
  ended: boolean;
}

/** The methods: arguments (checked by the host) and results. */
export const TASK_METHODS = {
  /**
   * Cancels call `callId` of the open session, which runs as an MCP task: `tasks/cancel` goes to
   * its server and the call ends as cancelled (the run goes on). Also for a task recorded in a
   * reopened session that no run follows any more.
   */
  'tasks.cancel': method([z.string()], returns<TaskActionResult>()),
  /**
   * For a call whose task was still running when its run ended without it (Glassbox stopped):
   * asks the server about the task; a finished task's result is fetched and recorded as the call's
   * end, a running one is followed until it finishes.
   */
  'tasks.resume': method([z.string()], returns<TaskActionResult>()),
};

/** The task methods as types. */
export type TaskMethods = MethodTypes<typeof TASK_METHODS>;
