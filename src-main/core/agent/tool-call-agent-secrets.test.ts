import { describe, expect, it } from 'vitest';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { LlmProvider, LlmRequest, LlmStreamHandlers, LlmTurn } from '../llm/llm-types';
import { REDACTED, SecretRedactor } from '../secrets/redactor';
import { agentRig } from './test-kit';
import { ToolCallAgent } from './tool-call-agent';

// The agent's streamed text with the session's secrets: redacted at the source, whatever way the
// message ends (the e2e side, through the real providers and files, is e2e/agent/agent-secrets.test.ts).

const KEY = 'sk-live-0123456789abcdef';

/** A model that streams the given deltas, then answers with their text or fails. */
function streamingModel(deltas: string[], fail?: Error): LlmProvider {
  return {
    provider: 'scripted',
    model: 'scripted',
    endpoint: 'in-process',
    async complete(_req: LlmRequest, handlers: LlmStreamHandlers = {}): Promise<LlmTurn> {
      for (const d of deltas) handlers.onText?.(d);
      if (fail) throw fail;
      return { text: deltas.join(''), toolCalls: [] };
    },
  };
}

function assistantStream(events: GlassboxEvent[]): { deltas: string[]; endIndex: number; lastUpdateIndex: number } {
  const deltas: string[] = [];
  let lastUpdateIndex = -1;
  events.forEach((e, i) => {
    if (e.type === 'message_update' && e.role === 'assistant') {
      deltas.push(e.delta);
      lastUpdateIndex = i;
    }
  });
  const endIndex = events.findIndex((e) => e.type === 'message_end' && e.role === 'assistant');
  return { deltas, endIndex, lastUpdateIndex };
}

describe('ToolCallAgent streamed text with secrets', () => {
  it('emits no piece of a key split across deltas; the deltas join to the redacted text', async () => {
    const { bus, runner, events } = agentRig([]);
    const model = streamingModel(['The key is sk-li', 've-0123', '456789abcdef, and ', 'that is all.']);
    const r = await new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 's', redactor: new SecretRedactor([KEY]) }).run('key?');
    expect(r.reason).toBe('finished');
    const { deltas, endIndex, lastUpdateIndex } = assistantStream(events);
    expect(deltas.join('')).toBe(`The key is ${REDACTED}, and that is all.`);
    for (const d of deltas) expect(d).not.toMatch(/sk-|0123|abcdef/);
    expect(lastUpdateIndex).toBeLessThan(endIndex);
  });

  it('releases what it held before message_end when the stream fails', async () => {
    const { bus, runner, events } = agentRig([]);
    const model = streamingModel(['Partial answer sk-live-01'], new Error('connection reset'));
    const r = await new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 's', redactor: new SecretRedactor([KEY]) }).run('key?');
    expect(r.reason).toBe('error');
    const { deltas, endIndex, lastUpdateIndex } = assistantStream(events);
    // "sk-live-01" could have been the key's start: held, then shown once the message ended without it.
    expect(deltas).toEqual(['Partial answer ', 'sk-live-01']);
    expect(lastUpdateIndex).toBeLessThan(endIndex);
  });

  it('releases a held tail redacted when the stream is cancelled', async () => {
    const { bus, runner, events } = agentRig([]);
    const ctrl = new AbortController();
    const model: LlmProvider = {
      provider: 'scripted',
      model: 'scripted',
      endpoint: 'in-process',
      async complete(_req, handlers = {}) {
        handlers.onText?.(`a ${KEY.slice(0, 12)}`);
        handlers.onText?.(`${KEY.slice(12)} b s`);
        ctrl.abort(new Error('cancelled'));
        throw Object.assign(new Error('aborted'), { name: 'AbortError' });
      },
    };
    const r = await new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 's', redactor: new SecretRedactor([KEY]) }).run('go', ctrl.signal);
    expect(r.reason).toBe('cancelled');
    const { deltas, endIndex, lastUpdateIndex } = assistantStream(events);
    expect(deltas.join('')).toBe(`a ${REDACTED} b s`);
    expect(deltas.at(-1)).toBe('s');
    expect(lastUpdateIndex).toBeLessThan(endIndex);
  });

  it('passes deltas through as they come without secrets', async () => {
    const { bus, runner, events } = agentRig([]);
    const pieces = ['sk-', 'live', ' done'];
    await new ToolCallAgent({ provider: streamingModel(pieces), runner, bus, systemPrompt: 's', redactor: new SecretRedactor([]) }).run('go');
    expect(assistantStream(events).deltas).toEqual(pieces);
  });
});
