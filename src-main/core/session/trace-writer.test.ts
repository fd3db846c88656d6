import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../events/event-bus';
import { readSessionFile } from './session-file';
import { TraceWriter } from './trace-writer';

const tempPath = (name: string) => join(mkdtempSync(join(tmpdir(), 'glassbox-trace-')), name);

describe('TraceWriter', () => {
  it('starts a new line after a torn last line of a resumed file: the torn line stays bad, the new events are whole', () => {
    const path = tempPath('torn.jsonl');
    const first = JSON.stringify({ type: 'agent_start', task: 't', seq: 1, sessionId: 'r', ts: 1 });
    writeFileSync(path, `${first}\n{"type":"turn_start","st`);
    const bus = new EventBus('r', undefined, 1);
    const w = new TraceWriter(path).attach(bus);
    bus.emit({ type: 'turn_start', step: 2 });
    w.close();
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines[1]).toBe('{"type":"turn_start","st');
    expect(JSON.parse(lines[2]!)).toMatchObject({ type: 'turn_start', step: 2, seq: 2 });
    const read = readSessionFile(path);
    expect(read.events.map((e) => e.seq)).toEqual([1, 2]);
    expect(read.warnings).toEqual([`${path}:2: skipped an unreadable line`]);
  });

  it('adds no blank line to a file that ends whole', () => {
    const path = tempPath('whole.jsonl');
    writeFileSync(path, JSON.stringify({ type: 'agent_start', task: 't', seq: 1, sessionId: 'r', ts: 1 }) + '\n');
    const bus = new EventBus('r', undefined, 1);
    const w = new TraceWriter(path).attach(bus);
    bus.emit({ type: 'turn_start', step: 2 });
    w.close();
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(3);
  });

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

  it('records an event as it was when emitted, not as it is when flushed', () => {
    const path = tempPath('m.jsonl');
    const w = new TraceWriter(path);
    const args = { command: 'before' };
    w.write({ seq: 1, ts: 1, session: 'm', type: 'tool_execution_start', callId: 'c', tool: 'bash', args, source: 'builtin' });
    args.command = 'after';
    w.close();
    expect(readFileSync(path, 'utf8')).toContain('"before"');
  });

  it('makes a line when it writes the file, not when the event is emitted (a served reply goes out first)', async () => {
    const path = tempPath('l.jsonl');
    let lines = 0;
    const w = new (class extends TraceWriter {
      override line(e: Parameters<TraceWriter['line']>[0]): string {
        lines++;
        return super.line(e);
      }
    })(path);
    const output = 'x\t'.repeat(5_000);
    w.write({ seq: 1, ts: 1, session: 'l', type: 'tool_execution_end', callId: 'c', tool: 'str_replace_editor', result: { output, error: null, images: [], system: null }, durationMs: 1 });
    expect(lines).toBe(0);
    await new Promise((r) => setImmediate(r));
    expect(lines).toBe(1);
    expect(readSessionFile(path).events[0]).toMatchObject({ result: { output } });
    w.close();
  });

  it('records what an event held when emitted, however it is changed before the line is made', () => {
    const path = tempPath('s.jsonl');
    const w = new TraceWriter(path);
    const result = { output: 'viewed', error: null, images: [{ data: 'aGk=', mimeType: 'image/png' }], system: null, metadata: { lines: [1, 2] } };
    const when = new Date(0);
    w.write({ seq: 1, ts: 1, session: 's', type: 'tool_execution_end', callId: 'c', tool: 'str_replace_editor', result, durationMs: 1 });
    w.write({ seq: 2, ts: 2, session: 's', type: 'log', level: 'info', message: 'm', data: { when } } as never);
    result.output = 'changed';
    result.images[0].data = 'changed';
    result.images.push({ data: 'more', mimeType: 'image/png' });
    result.metadata.lines.push(3);
    when.setTime(86_400_000); // not plain data (toJSON): serialised at once instead
    w.close();
    const [end, log] = readSessionFile(path).events as unknown as Array<Record<string, unknown>>;
    expect(end.result).toEqual({ output: 'viewed', error: null, images: [{ data: 'aGk=', mimeType: 'image/png' }], system: null, metadata: { lines: [1, 2] } });
    expect(log).toMatchObject({ data: { when: '1970-01-01T00:00:00.000Z' } });
  });

  it('an event that cannot be serialised fails when emitted, as before; the others are recorded', () => {
    const path = tempPath('c.jsonl');
    const errors: unknown[] = [];
    const bus = new EventBus('c', (err) => errors.push(err));
    const w = new TraceWriter(path).attach(bus);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    bus.emit({ type: 'turn_start', step: 1 });
    bus.emit({ type: 'tool_execution_end', callId: 'c', tool: 't', result: { output: 'o', error: null, images: [], system: null, metadata: cyclic }, durationMs: 1 });
    bus.emit({ type: 'turn_end', step: 1 });
    w.close();
    expect(errors).toHaveLength(1);
    expect(readSessionFile(path).events.map((e) => e.type)).toEqual(['turn_start', 'turn_end']);
  });
});
