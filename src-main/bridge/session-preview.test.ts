import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../src-shared/contract/views';
import { FIRST_SCREEN_ROWS } from '../../src-shared/contract/views';
import type { GlassboxEvent } from '../../src-shared/events/event-types';
import { appendChatEvent, emptyChat } from '../../src-shared/read-models/chat-items';
import { PREVIEW_ABOVE_BYTES, previewSession } from './session-preview';

const dir = mkdtempSync(join(tmpdir(), 'gb-preview-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A saved session of `calls` bash calls, each step's answer naming a secret. */
function writeSession(id: string, calls: number): string {
  let seq = 0;
  const line = (type: string, rest: string) => `{"seq":${++seq},"ts":${1_700_000_000_000 + seq},"session":"${id}","type":"${type}"${rest}}\n`;
  let text = line('agent_start', ',"task":"many calls"');
  for (let i = 0; i < calls; i++) {
    text +=
      line('message_end', `,"messageId":"m${i}","role":"assistant","content":"Step ${i} uses SECRET-${i}.","toolCalls":[]`) +
      line('tool_execution_start', `,"callId":"call_${i}","tool":"bash","args":{"command":"echo ${i}"},"source":"builtin"`) +
      line('tool_execution_end', `,"callId":"call_${i}","tool":"bash","result":{"output":"${i}\\n","error":null,"images":[],"system":null},"durationMs":1`);
  }
  const path = join(dir, `${id}.jsonl`);
  writeFileSync(path, text);
  return path;
}

const summary = (id: string) => ({ id, title: 'many calls', createdAt: 0, updatedAt: 0, eventCount: 0 }) as SessionSummary;
const hideSecrets = (e: GlassboxEvent) => JSON.parse(JSON.stringify(e).replace(/SECRET-\d+/g, '[hidden]')) as GlassboxEvent;

describe('previewSession', () => {
  it('gives a long file its last screen, redacted, sized by an estimate close to the real count', () => {
    const path = writeSession('long', 20_000);
    const view = previewSession({ pathOf: () => path, summary }, 'long', hideSecrets)!;
    expect(view).not.toBeNull();
    expect(view.chat.length).toBeLessThanOrEqual(FIRST_SCREEN_ROWS);
    expect(view.calls.at(-1)).toMatchObject({ callId: 'call_19999' });
    expect(JSON.stringify(view)).not.toContain('SECRET-');
    expect(JSON.stringify(view)).toContain('[hidden]');
    // The whole file folded, for the real numbers the estimate stands for.
    const chat = emptyChat();
    for (const l of readFileSync(path, 'utf8').split('\n')) if (l) appendChatEvent(chat, JSON.parse(l) as GlassboxEvent);
    expect(view.tail!.estimated).toBe(true);
    expect(Math.abs(view.tail!.rows - chat.items.length) / chat.items.length).toBeLessThan(0.02);
    expect(Math.abs(view.tail!.calls - 20_000) / 20_000).toBeLessThan(0.02);
  });

  it('is null for a file that opens whole in time, and for one that cannot be read', () => {
    const path = writeSession('short', 100);
    expect(readFileSync(path).length).toBeLessThan(PREVIEW_ABOVE_BYTES);
    expect(previewSession({ pathOf: () => path, summary }, 'short', hideSecrets)).toBeNull();
    expect(previewSession({ pathOf: () => join(dir, 'gone.jsonl'), summary }, 'gone', hideSecrets)).toBeNull();
  });
});
