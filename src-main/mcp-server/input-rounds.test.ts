import type { ServerContext } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { InputRounds } from './input-rounds';
import { currentMcpCaller } from '../core/mcp/common/caller';

/** The parts of a request context InputRounds reads, as the SDK fills them. */
function ctx(opts: { state?: unknown; responses?: Record<string, unknown>; caps?: Record<string, unknown> } = {}): ServerContext {
  return {
    mcpReq: {
      requestState: () => opts.state,
      inputResponses: opts.responses,
      signal: new AbortController().signal,
      envelope: { 'io.modelcontextprotocol/clientCapabilities': opts.caps ?? { elicitation: {} } },
    },
  } as unknown as ServerContext;
}

type Asked = { resultType: string; inputRequests: Record<string, { method: string }>; requestState: string };

describe('InputRounds', () => {
  it('a run that never asks is its result', async () => {
    const r = new InputRounds();
    expect(await r.serve(ctx(), 'modern', () => undefined, async () => 42)).toBe(42);
    expect(r.pending).toBe(0);
  });

  it('a question becomes a round; the answer with its sealed state resumes the same run', async () => {
    const r = new InputRounds();
    let runs = 0;
    let after: ServerContext | undefined;
    const run = async (_signal: AbortSignal, current: () => ServerContext) => {
      runs++;
      const a = await currentMcpCaller()!.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: { n: { type: 'string' } } } }, { key: 'name' });
      // Notifications of the resumed run go to the round that resumed it.
      after = current();
      return `hi ${String((a.content as { n: string }).n)}`;
    };
    const first = (await r.serve(ctx(), 'modern', () => undefined, run)) as Asked;
    expect(first.resultType).toBe('input_required');
    expect(Object.keys(first.inputRequests)).toEqual(['name']);
    expect(r.pending).toBe(1);
    const state = await r.verify(first.requestState, ctx());
    const second = ctx({ state, responses: { name: { action: 'accept', content: { n: 'Ada' } } } });
    const done = await r.serve(second, 'modern', () => undefined, run);
    expect(done).toBe('hi Ada');
    expect(after).toBe(second);
    expect(runs).toBe(1);
    expect(r.pending).toBe(0);
    // The call is over: its state no longer resumes anything.
    await expect(r.serve(ctx({ state, responses: {} }), 'modern', () => undefined, run)).rejects.toMatchObject({ code: -32602 });
    await expect(r.verify(first.requestState.slice(0, -3) + 'xyz', ctx())).rejects.toBeTruthy();
  });

  it('an answer sent up front with the right key needs no round; a missing one is asked again', async () => {
    const r = new InputRounds();
    const run = async () => (await currentMcpCaller()!.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } }, { key: 'name' })).action;
    expect(await r.serve(ctx({ responses: { name: { action: 'decline' } } }), 'modern', () => undefined, run)).toBe('decline');
    const asked = (await r.serve(ctx({ responses: { other: { action: 'accept' } } }), 'modern', () => undefined, run)) as Asked;
    const again = (await r.serve(ctx({ state: await r.verify(asked.requestState, ctx()), responses: { wrong: {} } }), 'modern', () => undefined, run)) as Asked;
    expect(again.resultType).toBe('input_required');
    expect(Object.keys(again.inputRequests)).toEqual(['name']);
  });

  it('without the capability: -32021 in 2026, a clear error for the tool in 2025', async () => {
    const r = new InputRounds();
    const run = async () => {
      try {
        await currentMcpCaller()!.sample({ messages: [], maxTokens: 1 });
        return 'sampled';
      } catch (e) {
        return `tool saw: ${(e as Error).message}`;
      }
    };
    await expect(r.serve(ctx({ caps: {} }), 'modern', () => undefined, run)).rejects.toMatchObject({ code: -32021 });
    expect(await r.serve(ctx(), 'legacy', () => ({}), run)).toMatch(/tool saw: the MCP client did not declare the 'sampling' capability/);
  });

  it('caps the calls waiting for an answer', async () => {
    const r = new InputRounds(60_000, 2);
    const run = async () => currentMcpCaller()!.elicit({ message: 'x', requestedSchema: { type: 'object', properties: {} } });
    await r.serve(ctx(), 'modern', () => undefined, run);
    await r.serve(ctx(), 'modern', () => undefined, run);
    await expect(r.serve(ctx(), 'modern', () => undefined, run)).rejects.toMatchObject({ message: expect.stringMatching(/too many calls are waiting/) });
    expect(r.pending).toBe(2);
    r.close();
    expect(r.pending).toBe(0);
  });
});
