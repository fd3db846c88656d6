/**
 * The bridge's methods for tool calls that run as MCP tasks, kept beside methods.ts, which
 * folds them into `BridgeMethods` and `METHOD_SPECS`.
 */
import type { ArgSpec } from './methods';
import type { McpTaskState } from '../events/mcp-task';

/** What a task action did. */
export interface TaskActionResult {
  /** The task as the server has it now (with `lost` when the server no longer knows it). */
  task: McpTaskState;
  /** True when the call now has its end recorded (its result, cancellation or loss). */
  ended: boolean;
}

/** The methods: arguments and results. */
export interface TaskMethods {
  /**
   * Cancels call `callId` of the open session, which runs as an MCP task: `tasks/cancel` goes to
   * its server and the call ends as cancelled (the run goes on). Also for a task recorded in a
   * reopened session that no run follows any more.
   */
  'tasks.cancel': { args: [callId: string]; result: TaskActionResult };
  /**
   * For a call whose task was still running when its run ended without it (Glassbox stopped):
   * asks the server about the task; a finished task's result is fetched and recorded as the call's
   * end, a running one is followed until it finishes.
   */
  'tasks.resume': { args: [callId: string]; result: TaskActionResult };
}

/** Runtime argument specs. */
export const TASK_METHOD_SPECS: { readonly [M in keyof TaskMethods]: readonly ArgSpec[] } = {
  'tasks.cancel': ['string'],
  'tasks.resume': ['string'],
};
