import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAgentFixtures, ofType, readSessionLines, requestText, runJson } from '../agent/agent-harness';

/**
 * The agent and extensions, end to end: `glassbox run --json` against the scripted model.
 * The model sees and calls an extension tool, an extension's before-hook blocks a shell call,
 * and an extension subscribed to every event records exactly what the session file records.
 */
const fixture = useAgentFixtures();

const EXTENSION = `import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

export default class OrderDesk {
  onLoad(api) {
    const file = join(api.workDir, 'seen-events.jsonl');
    api.subscribe('*', (event) => appendFileSync(file, JSON.stringify(event) + '\\n'));
    api.registerTool({
      name: 'lookup_order',
      description: 'Looks up an order by id and returns its status.',
      inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      execute: ({ id }) => 'order ' + id + ' status: shipped on 2024-05-01',
    });
    api.addBeforeToolHook((call) => {
      if (call.tool === 'bash' && /\\brm\\b/.test(String(call.args.command))) return { blocked: true, reason: 'order-desk: no deleting files' };
    });
  }
}
`;

describe('extensions in an agent run', () => {
  it('the model calls an extension tool, a hook blocks a call, a subscriber sees the session file events', async () => {
    const f = await fixture('openai', []);
    const dir = join(f.home, 'extensions', 'order-desk');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'extension.mjs'), EXTENSION);
    f.model.push(
      { toolCalls: [{ name: 'lookup_order', arguments: { id: 42 } }] },
      { toolCalls: [{ name: 'bash', arguments: { command: 'rm -rf build' } }] },
      { text: 'Order 42 shipped on 2024-05-01.', toolCalls: [{ name: 'terminate', arguments: { status: 'success' } }] },
    );
    const r = await runJson(f, 'where is order 42?', ['--approve', 'auto'], 240_000);
    expect(r.code, r.stderr).toBe(0);

    // The model was offered the extension tool with its schema.
    const offered = JSON.stringify(f.model.requests[0].body.tools);
    expect(offered).toContain('lookup_order');
    expect(offered).toContain('Looks up an order by id');

    const starts = ofType(r.events, 'tool_execution_start');
    expect(starts[0]).toMatchObject({ tool: 'lookup_order', source: 'extension:order-desk', args: { id: 42 } });
    const ends = ofType(r.events, 'tool_execution_end') as unknown as { tool: string; blocked?: boolean; result: { output: string | null } }[];
    expect(ends[0]).toMatchObject({ tool: 'lookup_order', result: { output: 'order 42 status: shipped on 2024-05-01' } });
    expect(ends[1]).toMatchObject({ tool: 'bash', blocked: true, result: { output: '[BLOCKED] order-desk: no deleting files' } });
    // The model got both results back.
    expect(requestText(f, 1)).toContain('order 42 status: shipped on 2024-05-01');
    expect(requestText(f, 2)).toContain('[BLOCKED] order-desk: no deleting files');

    // The subscriber saw the same events the session file recorded.
    const seen = readFileSync(join(f.workspace, 'seen-events.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as unknown);
    const recorded = readSessionLines(f, r.events[0].session).map((l) => JSON.parse(l) as unknown);
    expect(seen.length).toBeGreaterThan(5);
    expect(seen).toEqual(recorded);
  }, 300_000);
});
