import type { Tool } from './tool';
import { errorResult, okResult, type ToolResult } from '../../../src-shared/events/tool-result';

/** The statuses a run can end with. */
export const TERMINATE_STATUSES = ['success', 'failure'] as const;

/** One of {@link TERMINATE_STATUSES}. */
export type TerminateStatus = (typeof TERMINATE_STATUSES)[number];

function isTerminateStatus(v: unknown): v is TerminateStatus {
  return typeof v === 'string' && (TERMINATE_STATUSES as readonly string[]).includes(v);
}

/**
 * `terminate`: the model says it is done. The tool itself only reports; the agent loop ends
 * the run when a result carries `metadata.terminate` (so any host — CLI, window, MCP — sees
 * the same signal without knowing tool names).
 */
export class TerminateTool implements Tool {
  readonly name = 'terminate';
  // The seed's wording: models trained on it call it at the right moment.
  readonly description =
    'Terminate the interaction when the request is met OR if the assistant cannot proceed further with the task.\n' +
    'When you have finished all the tasks, call this tool to end the work.';
  readonly inputSchema = {
    type: 'object',
    properties: {
      status: { type: 'string', enum: [...TERMINATE_STATUSES] },
    },
    required: ['status'],
    additionalProperties: false,
  };
  readonly annotations = { title: 'Terminate', readOnlyHint: true, idempotentHint: true, openWorldHint: false };

  async execute(args: Record<string, unknown>): Promise<ToolResult> {
    // The collection validates the schema; this guards direct calls (replay, tests, extensions).
    const status = args.status;
    if (!isTerminateStatus(status)) {
      return errorResult(`Invalid status ${JSON.stringify(status)}: must be one of ${TERMINATE_STATUSES.join(', ')}`);
    }
    return okResult(`The interaction has been completed with status: ${status}`, { metadata: { terminate: status } });
  }
}
