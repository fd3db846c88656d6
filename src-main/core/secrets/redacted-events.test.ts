import { describe, expect, it, vi } from 'vitest';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { EventBus } from '../events/event-bus';
import { RedactedEvents } from './redacted-events';
import { REDACTED, SecretRedactor } from './redactor';

const KEY = 'sk-test-0123456789';

describe('RedactedEvents', () => {
  it('hides the secrets of every event, redacting it once for all its readers', () => {
    const bus = new EventBus('s');
    const redactor = new SecretRedactor([KEY]);
    const walk = vi.spyOn(redactor, 'redactValue');
    const events = new RedactedEvents(bus, redactor);
    const a: GlassboxEvent[] = [];
    const b: GlassboxEvent[] = [];
    const raw: GlassboxEvent[] = [];
    events.subscribe('*', (e) => void a.push(e));
    events.subscribe('log', (e) => void b.push(e));
    bus.subscribe('*', (e) => void raw.push(e));
    bus.emit({ type: 'log', level: 'info', source: 't', message: `key is ${KEY}` });
    bus.emit({ type: 'turn_start', step: 1 });
    expect(walk).toHaveBeenCalledTimes(2); // once per event, not once per reader
    expect(a.map((e) => (e.type === 'log' ? e.message : e.type))).toEqual([`key is ${REDACTED}`, 'turn_start']);
    expect(b[0]).toBe(a[0]); // the readers share the one redacted copy
    // The bus itself is untouched: in-process readers (extensions, the agent) see the real event.
    expect(raw[0]).toMatchObject({ message: `key is ${KEY}` });
    expect(JSON.stringify(a)).not.toContain(KEY);
  });

  it('passes streamed deltas as they are (the agent redacts them at the source) and hides nothing when there is no secret', () => {
    const bus = new EventBus('s');
    const redactor = new SecretRedactor([KEY]);
    const walk = vi.spyOn(redactor, 'redactValue');
    const seen: GlassboxEvent[] = [];
    new RedactedEvents(bus, redactor).subscribe('*', (e) => void seen.push(e));
    const delta = bus.emit({ type: 'message_update', messageId: 'm', role: 'assistant', delta: 'hello' });
    expect(seen[0]).toBe(delta);
    expect(walk).not.toHaveBeenCalled();

    const plain = new EventBus('p');
    const none = new SecretRedactor([]);
    const out: GlassboxEvent[] = [];
    new RedactedEvents(plain, none).subscribe('*', (e) => void out.push(e));
    const e = plain.emit({ type: 'log', level: 'info', source: 't', message: KEY });
    expect(out[0]).toBe(e);
  });
});
