import { randomUUID } from 'node:crypto';
import type { EventBus } from '../events/event-bus';
import type { HumanAnswer, HumanInputPort, HumanQuestion } from '../tools/tool';

/**
 * Wraps a human-input port so every question and answer is an event
 * (human_input_requested / human_input_resolved) with one requestId shared with the port.
 */
export class RecordedHumanInput implements HumanInputPort {
  constructor(
    private readonly inner: HumanInputPort,
    private readonly bus: EventBus,
  ) {}

  async ask(q: HumanQuestion, signal?: AbortSignal): Promise<HumanAnswer> {
    const requestId = q.requestId ?? `ask_${randomUUID()}`;
    this.bus.emit({
      type: 'human_input_requested',
      requestId,
      question: q.question,
      kind: q.server ? 'elicitation' : 'text',
      ...(q.server ? { server: q.server, schema: q.schema } : {}),
    });
    let answer: HumanAnswer;
    try {
      answer = await this.inner.ask({ ...q, requestId }, signal);
    } catch (err) {
      this.bus.emit({ type: 'human_input_resolved', requestId, answer: null, action: 'cancel' });
      throw err;
    }
    const text = answer.action === 'accept' ? (answer.text ?? (answer.content ? JSON.stringify(answer.content) : '')) : null;
    this.bus.emit({ type: 'human_input_resolved', requestId, answer: text, action: answer.action });
    return answer;
  }
}
