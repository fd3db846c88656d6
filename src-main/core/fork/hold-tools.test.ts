import { describe, expect, it } from 'vitest';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { EventBus } from '../events/event-bus';
import { ToolHooks } from '../tools/tool-hooks';
import { holdToolsUntil } from './hold-tools';

const call = { callId: 'c1', tool: 'bash', args: {}, source: 'builtin' as const };

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("a fork's tools wait for its copy of the files", () => {
  it('a tool call waits until the copy is written, then runs; later calls do not wait', async () => {
    const hooks = new ToolHooks();
    const files = deferred();
    holdToolsUntil({ hooks, bus: new EventBus('s') }, files.promise);
    let passed = false;
    const first = hooks.runBefore(call).then((o) => ((passed = true), o));
    await new Promise((r) => setTimeout(r, 20));
    expect(passed).toBe(false);
    files.resolve();
    expect(await first).toEqual({ blocked: false });
    expect(hooks.counts.before).toBe(0);
  });

  it('when the copy fails, every call is refused with why, and the failure is logged', async () => {
    const hooks = new ToolHooks();
    const bus = new EventBus('s');
    const logs: GlassboxEvent[] = [];
    bus.subscribe('log', (e) => void logs.push(e));
    const files = deferred();
    holdToolsUntil({ hooks, bus }, files.promise);
    const first = hooks.runBefore(call);
    files.reject(new Error('disk full'));
    expect(await first).toMatchObject({ blocked: true, reason: "the fork's copy of the files could not be made: disk full" });
    expect(await hooks.runBefore(call)).toMatchObject({ blocked: true });
    expect(logs.map((e) => (e as { message: string }).message)).toEqual([expect.stringContaining('disk full')]);
  });
});
