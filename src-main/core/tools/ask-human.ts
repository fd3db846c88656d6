import type { Tool, ToolContext } from './tool';
import { errorResult, okResult, type ToolResult } from '../../../src-shared/events/tool-result';

/**
 * `ask_human`: asks the person at the keyboard through `ctx.humanInput` (the CLI's terminal,
 * the window's dialog, the web UI). The port is asynchronous, so waiting for an answer never
 * blocks the event loop — the seed called `input()` and froze every other task.
 */
export class AskHumanTool implements Tool {
  readonly name = 'ask_human';
  readonly description =
    'Ask the user a clear, self-contained question and wait for the answer: for clarification, a decision only they can make, ' +
    'or information you cannot find yourself.';
  readonly inputSchema = {
    type: 'object',
    properties: { inquire: { type: 'string', description: 'The question.' } },
    required: ['inquire'],
    additionalProperties: false,
  };
  readonly annotations = { title: 'Ask the human', readOnlyHint: true, openWorldHint: false };

  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const question = typeof args.inquire === 'string' ? args.inquire.trim() : '';
    if (!question) return errorResult('`inquire` must be a non-empty question');
    const port = ctx.humanInput;
    if (!port) {
      return errorResult(
        'No human is available to answer questions in this session (no interactive terminal or UI is attached). ' +
          'Continue with your best judgement, or finish and explain what you need.',
      );
    }
    if (ctx.signal.aborted) return errorResult('The question was cancelled before it was asked.');
    try {
      const answer = await port.ask({ question }, ctx.signal);
      if (answer.action === 'accept') {
        const text = (answer.text ?? '').trim();
        return okResult(text || '(The human replied with an empty answer.)', { metadata: { action: 'accept' } });
      }
      if (answer.action === 'decline') {
        return okResult('The human declined to answer the question.', { metadata: { action: 'decline' } });
      }
      return errorResult('The human dismissed the question without answering.', { metadata: { action: 'cancel' } });
    } catch (err) {
      if (ctx.signal.aborted) return errorResult('The question was cancelled (the run was stopped).');
      return errorResult(`Could not ask the human: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
