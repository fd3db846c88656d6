import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScriptedModelServer, type ScriptedTurn } from '../../../e2e/fixtures/scripted-model-server';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { GlassboxSession } from './glassbox-session';

// Restoring the conversation to a turn, against the real scripted model over HTTP: what the
// next request holds is read from the server's recorded request bodies.

vi.setConfig({ testTimeout: 180_000 });

const open: Array<{ close(): Promise<void> } | { dispose(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await ('close' in o ? o.close() : o.dispose());
});

async function setup(script: ScriptedTurn[]) {
  const base = mkdtempSync(join(tmpdir(), 'gb-rewind-'));
  const workspace = join(base, 'ws');
  mkdirSync(workspace, { recursive: true });
  const model = await startScriptedModelServer(script);
  open.push(model);
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, GLASSBOX_HOME: join(base, 'home'), GLASSBOX_LLM_BASE_URL: model.openaiBaseURL, GLASSBOX_LLM_MODEL: 'scripted', GLASSBOX_LLM_API_KEY: 'k-rewind-test', GLASSBOX_DISABLE_BROWSER: '1' };
  return { model, env, workspace };
}

/** The user and assistant texts of one recorded request. */
function texts(body: { messages?: unknown[] }): string[] {
  return ((body.messages ?? []) as Array<{ role: string; content?: unknown }>).filter((m) => m.role === 'user' || m.role === 'assistant').map((m) => `${m.role}: ${String(m.content)}`);
}

describe('ConversationRewind', () => {
  it('after three turns, restoring to the first: the next request holds only the first turn; undo brings the rest back; --session rebuilds the same', async () => {
    const { model, env, workspace } = await setup([{ text: 'one' }, { text: 'two' }, { text: 'three' }, { text: 'four' }, { text: 'five' }, { text: 'six' }]);
    const s = await GlassboxSession.create({ workspace, env, withExtensions: false });
    open.push(s);
    const ends: number[] = [];
    s.bus.subscribe('agent_end', (e: GlassboxEvent) => void ends.push(e.seq));
    await s.send('first task');
    await s.send('second task');
    await s.send('third task');
    const restore = s.conversation.restore(ends[0]!, { checkpointId: 'cp1' });
    await s.send('fourth task');
    expect(texts(model.requests[3]!.body)).toEqual(['user: first task', 'assistant: one', 'user: fourth task']);

    // Undo: the conversation just before the restore (the fourth turn is rewound in its turn).
    s.conversation.restore(restore.seq - 1, { undoOf: restore.seq });
    await s.send('fifth task');
    expect(texts(model.requests[4]!.body)).toEqual(['user: first task', 'assistant: one', 'user: second task', 'assistant: two', 'user: third task', 'assistant: three', 'user: fifth task']);

    // Restored again, then the session is reopened: the resumed agent holds the same conversation.
    s.conversation.restore(ends[0]!, { checkpointId: 'cp1' });
    const id = s.id;
    await s.dispose();
    open.pop();
    const again = await GlassboxSession.create({ workspace, env, withExtensions: false, sessionId: id });
    open.push(again);
    await again.send('sixth task');
    expect(texts(model.requests[5]!.body)).toEqual(['user: first task', 'assistant: one', 'user: sixth task']);
  });

  it('is refused while a run is going, and for an event the session does not have', async () => {
    const { model, env, workspace } = await setup([{ text: 'slow '.repeat(40), chunkDelayMs: 100 }]);
    const s = await GlassboxSession.create({ workspace, env, withExtensions: false });
    open.push(s);
    const run = s.send('talk');
    // The model is streaming its 4 s answer: the run is going.
    await vi.waitFor(() => expect(model.requests).toHaveLength(1), { timeout: 60_000 });
    expect(() => s.conversation.restore(1)).toThrow(/A run is going/);
    await s.cancel();
    await run;
    expect(() => s.conversation.restore(s.bus.lastSeq + 5)).toThrow(/no event/);
    expect(() => s.conversation.restore(1, { undoOf: 2 })).toThrow(/no conversation restore 2/);
  });
});
