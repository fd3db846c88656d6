import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../events/event-bus';
import { readSessionFile } from './session-file';
import { TraceWriter } from './trace-writer';

const tempPath = (name: string) => join(mkdtempSync(join(tmpdir(), 'glassbox-trace-')), name);

describe('TraceWriter', () => {
  it('appends the events of one event-loop turn as whole lines at the end of that turn', async () => {
    const path = tempPath('s.jsonl');
    const bus = new EventBus('s');
    const w = new TraceWriter(path).attach(bus);
    bus.emit({ type: 'agent_start', task: 't' });
    bus.emit({ type: 'turn_start', step: 1 });
    expect(existsSync(path)).toBe(false); // not yet: buffered for this turn
    await new Promise((r) => setImmediate(r));
    const text = readFileSync(path, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(readSessionFile(path).events.map((e) => e.type)).toEqual(['agent_start', 'turn_start']);
    bus.emit({ type: 'turn_end', step: 1 });
    w.close(); // close writes what is pending
    expect(readSessionFile(path).events.map((e) => e.seq)).toEqual([1, 2, 3]);
    bus.emit({ type: 'turn_start', step: 2 }); // detached: not written
    await new Promise((r) => setImmediate(r));
    expect(readSessionFile(path).events).toHaveLength(3);
  });

  it('writes at once, with what is pending, when the model is asked again and when the run ends', () => {
    const path = tempPath('d.jsonl');
    const bus = new EventBus('d');
    const w = new TraceWriter(path).attach(bus);
    bus.emit({ type: 'tool_execution_end', callId: 'c', tool: 'bash', result: { output: 'made notes.txt', error: null, images: [], system: null }, durationMs: 1 });
    expect(existsSync(path)).toBe(false);
    bus.emit({ type: 'model_request', step: 2, request: { provider: 'p', model: 'm', endpoint: 'e', tools: [], messageCount: 3, newMessages: [] } });
    expect(readSessionFile(path).events.map((e) => e.type)).toEqual(['tool_execution_end', 'model_request']);
    bus.emit({ type: 'agent_end', reason: 'finished' });
    expect(readSessionFile(path).events.map((e) => e.type)).toEqual(['tool_execution_end', 'model_request', 'agent_end']);
    w.close();
  });

  it('serializes an event when it is emitted, not when it is flushed', () => {
    const path = tempPath('m.jsonl');
    const w = new TraceWriter(path);
    const args = { command: 'before' };
    w.write({ seq: 1, ts: 1, session: 'm', type: 'tool_execution_start', callId: 'c', tool: 'bash', args, source: 'builtin' });
    args.command = 'after';
    w.close();
    expect(readFileSync(path, 'utf8')).toContain('"before"');
  });
});
