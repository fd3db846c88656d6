import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';
import type { HumanAnswer, HumanInputPort, HumanQuestion } from '../core/tools/tool';
import { currentMcpCaller } from '../core/mcp/common/caller';

/** The form `ask_human` sends: one text answer. */
const ANSWER_SCHEMA: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: { answer: { type: 'string', title: 'Answer', description: 'Your answer to the question' } },
  required: ['answer'],
};

/**
 * The human of `glassbox mcp serve` is whoever uses the MCP client that made the call: a
 * question (ask_human) becomes an elicitation to that client — a 2025 `elicitation/create`
 * request or a 2026 `input_required` round, whichever era the call came in. Outside an MCP
 * call, or to a client without the elicitation capability, asking fails with the reason.
 */
export class McpClientHumanInput implements HumanInputPort {
  async ask(q: HumanQuestion, signal?: AbortSignal): Promise<HumanAnswer> {
    const caller = currentMcpCaller();
    if (!caller) throw new Error('no MCP client is connected to this call, so nobody can be asked');
    if (signal?.aborted) throw new Error('the question was cancelled');
    const schema = (q.schema as ElicitRequestFormParams['requestedSchema'] | undefined) ?? ANSWER_SCHEMA;
    const r = await caller.elicit({ message: q.question, requestedSchema: schema }, { key: 'ask_human' });
    if (r.action !== 'accept') return { action: r.action };
    const content = (r.content ?? {}) as Record<string, unknown>;
    const text = typeof content.answer === 'string' ? content.answer : JSON.stringify(content);
    return { action: 'accept', text, content };
  }
}
