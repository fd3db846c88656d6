import { describe, expect, it } from 'vitest';
import type { CallDetail } from '../../../../src-shared/contract/views';
import type { ChatItem } from '../../../../src-shared/read-models/chat-items';
import { hasSketch, sketchFace } from './sketch-face';

const call = (over: Partial<CallDetail>): CallDetail => ({ callId: 'c1', tool: 'bash', source: 'mcp:files', status: 'ok', args: { command: 'ls -la' }, ...over }) as CallDetail;

describe('sketch face', () => {
  it("shows a call as its card's outline in its status colour, with tool, source and argument line", () => {
    const item = { kind: 'call', key: 'call:c1', callId: 'c1' } as ChatItem;
    expect(sketchFace(item, call({}))).toEqual({ box: 'call-card row-sketch status-ok', first: 'bash', source: 'MCP files', args: 'ls -la' });
    expect(sketchFace(item, call({ status: 'error', tool: 'read', source: 'builtin', args: { path: 'a.txt' } }))).toEqual({ box: 'call-card row-sketch status-error', first: 'read', source: 'built-in', args: 'path: a.txt' });
    // A call not in the index yet: a running card with no texts.
    expect(sketchFace(item, undefined)).toEqual({ box: 'call-card row-sketch status-running', first: '', source: '', args: '' });
  });

  it("shows a message as its bubble with its first 400 characters, as text (markup stays characters)", () => {
    const long = `<b>x</b> ${'y'.repeat(500)}`;
    const user = { kind: 'user', key: 'u1', text: long } as ChatItem;
    expect(sketchFace(user, undefined)).toEqual({ box: 'msg msg-user row-sketch row-sketch-msg', first: long.slice(0, 400), source: '', args: '' });
    const answer = { kind: 'assistant', key: 'a1', text: 'Done.' } as ChatItem;
    expect(sketchFace(answer, undefined).box).toBe('msg msg-assistant row-sketch row-sketch-msg');
  });

  it('sketches calls, user messages and finished answers; not a fork banner, a streaming answer or a run end', () => {
    expect(hasSketch({ kind: 'call', key: 'call:c', callId: 'c' } as ChatItem)).toBe(true);
    expect(hasSketch({ kind: 'user', key: 'u', text: 'hi' } as ChatItem)).toBe(true);
    expect(hasSketch({ kind: 'user', key: 'u', text: 'hi', fork: {} } as ChatItem)).toBe(false);
    expect(hasSketch({ kind: 'assistant', key: 'a', text: 'hi', streaming: false } as ChatItem)).toBe(true);
    expect(hasSketch({ kind: 'assistant', key: 'a', text: 'hi', streaming: true } as ChatItem)).toBe(false);
    expect(hasSketch({ kind: 'end', key: 'e', reason: 'finished' } as ChatItem)).toBe(false);
  });
});
