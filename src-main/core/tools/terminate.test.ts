import { describe, expect, it } from 'vitest';
import { TerminateTool } from './terminate';
import { ToolCollection } from './tool-collection';
import type { ToolContext } from './tool';

const ctx: ToolContext = { signal: new AbortController().signal, workspace: '/tmp', home: '/tmp', callId: 'c1' };

describe('terminate', () => {
  it.each(['success', 'failure'])('ends with status %s and flags the run to stop', async (status) => {
    const tools = new ToolCollection([new TerminateTool()]);
    const r = await tools.execute('terminate', { status }, ctx);
    expect(r.error).toBeUndefined();
    expect(r.output).toBe(`The interaction has been completed with status: ${status}`);
    expect(r.metadata).toEqual({ terminate: status });
  });

  it('rejects a status outside the enum through schema validation', async () => {
    const tools = new ToolCollection([new TerminateTool()]);
    const r = await tools.execute('terminate', { status: 'done' }, ctx);
    expect(r.error).toMatch(/'status' must be one of "success", "failure"/);
    expect(r.metadata).toBeUndefined();
  });

  it('rejects a missing status', async () => {
    const tools = new ToolCollection([new TerminateTool()]);
    const r = await tools.execute('terminate', {}, ctx);
    expect(r.error).toMatch(/missing required argument 'status'/);
  });

  it('guards direct calls that bypass the collection', async () => {
    const r = await new TerminateTool().execute({ status: 'maybe' });
    expect(r.error).toBe('Invalid status "maybe": must be one of success, failure');
    expect(r.metadata).toBeUndefined();
  });
});
