import { describe, expect, it } from 'vitest';
import { EventBus } from '../events/event-bus';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { ToolHooks } from './tool-hooks';
import type { Tool } from './tool';
import { ToolCollection } from './tool-collection';
import { okResult, type ToolResult } from '../../../src-shared/events/tool-result';
import { parseToolArgs, ToolRunner, type ApprovalGate } from './tool-runner';

function echo(calls: Record<string, unknown>[] = [], result?: ToolResult): Tool {
  return {
    name: 'echo',
    description: 'echoes',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    execute: async (args, ctx) => {
      calls.push({ ...args, callId: ctx.callId, workspace: ctx.workspace });
      return result ?? okResult(`echo:${String(args.text)}`, { images: [{ data: 'QQ==', mimeType: 'image/png' }] });
    },
  };
}

function setup(opts: { tool?: Tool; approvals?: ApprovalGate } = {}) {
  const bus = new EventBus('s1');
  const events: GlassboxEvent[] = [];
  bus.subscribe('*', (e) => void events.push(e));
  const hooks = new ToolHooks();
  const calls: Record<string, unknown>[] = [];
  const tools = new ToolCollection([opts.tool ?? echo(calls)]);
  const runner = new ToolRunner({ tools, hooks, workspace: '/ws', home: '/home', bus, approvals: opts.approvals });
  const ends = () => events.filter((e) => e.type === 'tool_execution_end');
  return { bus, events, hooks, calls, runner, ends };
}

describe('ToolRunner', () => {
  it('runs a call with start/end events around it', async () => {
    const { runner, events, calls } = setup();
    const out = await runner.run({ callId: 'c1', tool: 'echo', args: '{"text":"hi"}' });
    expect(out).toMatchObject({ callId: 'c1', blocked: false, result: { output: 'echo:hi' } });
    expect(calls).toEqual([{ text: 'hi', callId: 'c1', workspace: '/ws' }]);
    expect(events.map((e) => e.type)).toEqual(['tool_execution_start', 'tool_execution_end']);
    expect(events[0]).toMatchObject({ seq: 1, session: 's1', callId: 'c1', tool: 'echo', args: { text: 'hi' }, source: 'builtin' });
    expect(events[1]).toMatchObject({
      seq: 2,
      callId: 'c1',
      result: { output: 'echo:hi', error: null, system: null },
    });
    expect(events[1]).not.toHaveProperty('blocked');
  });

  it('generates a call id when none is given', async () => {
    const { runner } = setup();
    expect((await runner.run({ tool: 'echo', args: { text: 'x' } })).callId).toMatch(/^call_/);
  });

  it('reports malformed JSON args as an error result and does not run the tool', async () => {
    const { runner, calls, ends } = setup();
    const out = await runner.run({ tool: 'echo', args: '{"text": "unterminated' });
    expect(out.result.error).toMatch(/^Invalid arguments for echo: malformed JSON arguments \(.+\): \{"text": "unterminated$/);
    expect(calls).toEqual([]);
    expect(ends()).toHaveLength(1);
  });

  it('treats empty argument text as {} (then validation speaks)', async () => {
    expect(parseToolArgs('  ')).toEqual({ ok: true, args: {} });
    const { runner } = setup();
    expect((await runner.run({ tool: 'echo', args: '' })).result.error).toBe("Invalid arguments for echo:\nmissing required argument 'text'");
  });

  it('a blocking before-hook gives `[BLOCKED] reason`, marks the end event, and the tool never runs', async () => {
    const { runner, hooks, calls, ends } = setup();
    hooks.addBefore((call) => (call.args.text === 'rm' ? { blocked: true, reason: 'no deleting' } : undefined), 'ext');
    const out = await runner.run({ tool: 'echo', args: { text: 'rm' } });
    expect(out.blocked).toBe(true);
    expect(out.result).toEqual({ output: '[BLOCKED] no deleting' });
    expect(calls).toEqual([]);
    expect(ends()[0]).toMatchObject({ blocked: true, result: { output: '[BLOCKED] no deleting' } });
    expect((await runner.run({ tool: 'echo', args: { text: 'ok' } })).blocked).toBe(false);
  });

  it('a throwing before-hook fails only that call', async () => {
    const { runner, hooks, calls } = setup();
    let first = true;
    hooks.addBefore(() => {
      if (first) {
        first = false;
        throw new Error('hook bug');
      }
    }, 'buggy-ext');
    const bad = await runner.run({ tool: 'echo', args: { text: 'a' } });
    expect(bad.result.error).toBe('before-hook of buggy-ext failed: hook bug');
    expect(bad.blocked).toBe(false);
    const good = await runner.run({ tool: 'echo', args: { text: 'b' } });
    expect(good.result.output).toBe('echo:b');
    expect(calls.map((c) => c.text)).toEqual(['b']);
  });

  it('an after-hook override replaces the text (last wins), keeps images and marks metadata', async () => {
    const { runner, hooks, ends } = setup();
    const seen: unknown[] = [];
    hooks.addAfter((_call, result) => {
      seen.push(result.output);
      return { override: 'first' };
    });
    hooks.addAfter(() => ({ override: 'redacted', isError: false }));
    const out = await runner.run({ tool: 'echo', args: { text: 'secret' } });
    expect(seen).toEqual(['echo:secret']);
    expect(out.result).toEqual({ output: 'redacted', images: [{ data: 'QQ==', mimeType: 'image/png' }], metadata: { overridden: true } });
    expect(ends()[0]).toMatchObject({ result: { output: 'redacted', error: null } });
  });

  it('an after-hook override can turn the result into an error', async () => {
    const { runner, hooks } = setup();
    hooks.addAfter(() => ({ override: 'policy says no', isError: true }));
    const out = await runner.run({ tool: 'echo', args: { text: 'x' } });
    expect(out.result.error).toBe('policy says no');
    expect(out.result.output).toBeUndefined();
  });

  it('a throwing after-hook adds its error to that call only', async () => {
    const { runner, hooks } = setup();
    let n = 0;
    hooks.addAfter(() => {
      if (n++ === 0) throw new Error('after bug');
    }, 'ext2');
    const bad = await runner.run({ tool: 'echo', args: { text: 'a' } });
    expect(bad.result.output).toBe('echo:a');
    expect(bad.result.error).toBe('after-hook of ext2 failed: after bug');
    expect((await runner.run({ tool: 'echo', args: { text: 'b' } })).result.error).toBeUndefined();
  });

  it('a removed hook no longer runs', async () => {
    const { runner, hooks } = setup();
    const off = hooks.addBefore(() => ({ blocked: true, reason: 'x' }));
    off();
    expect((await runner.run({ tool: 'echo', args: { text: 'a' } })).blocked).toBe(false);
  });

  it('an approval gate that denies blocks the call with its reason', async () => {
    const calls: Record<string, unknown>[] = [];
    const { runner, ends } = setup({
      tool: echo(calls),
      approvals: { check: async (call) => ({ allowed: false, reason: `denied ${call.tool}` }) },
    });
    const out = await runner.run({ tool: 'echo', args: { text: 'x' } });
    expect(out).toMatchObject({ blocked: true, result: { output: '[BLOCKED] denied echo' } });
    expect(calls).toEqual([]);
    expect(ends()[0]).toMatchObject({ blocked: true });
  });

  it('does not start a call whose signal is already aborted', async () => {
    const { runner, calls } = setup();
    const ac = new AbortController();
    ac.abort();
    const out = await runner.run({ tool: 'echo', args: { text: 'x' } }, ac.signal);
    expect(out.result.error).toBe('cancelled before it started');
    expect(calls).toEqual([]);
  });

  it('reports an unknown tool as an error result with an end event', async () => {
    const { runner, ends } = setup();
    const out = await runner.run({ tool: 'nope', args: {} });
    expect(out.result.error).toBe("Unknown tool 'nope'. Available tools: echo");
    expect(ends()).toHaveLength(1);
  });

  it('carries replayOf on both events', async () => {
    const { runner, events } = setup();
    await runner.run({ tool: 'echo', args: { text: 'x' }, replayOf: 'old_call' });
    expect(events.every((e) => (e as { replayOf?: string }).replayOf === 'old_call')).toBe(true);
  });
});
