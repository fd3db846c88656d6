import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useAgentFixtures, ofType, readSessionLines, runJson, TEST_KEY, WIRES, type JsonEvent } from './agent-harness';

// End to end: the real `glassbox run --json` against the scripted model, which streams text in
// 8-character chunks (both wire formats), so a key in the model's text always arrives split
// across two or more deltas. Needs `npm run build` first (npm test builds).

vi.setConfig({ testTimeout: 300_000 });

const fixture = useAgentFixtures();

/** The scripted model's stream chunk size (e2e/fixtures/scripted-model-server.ts). */
const CHUNK = 8;

/** A text holding the key once at every offset modulo the chunk size: every split position of the key happens. */
function keyAtEveryOffset(): string {
  let text = 'Here is what I found:';
  for (let k = 0; k < CHUNK; k++) {
    while (((text.length + 1) % CHUNK) !== k) text += '.';
    text += ` ${TEST_KEY}`;
  }
  return `${text}\nDone.`;
}

/** The streamed deltas of each assistant message, joined, by messageId. */
function streamedByMessage(events: JsonEvent[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of ofType(events, 'message_update')) out.set(String(e.messageId), (out.get(String(e.messageId)) ?? '') + String(e.delta));
  return out;
}

describe.each(WIRES)('secrets in streamed model text (%s wire format)', (wire) => {
  it('never shows the key in message_update deltas, the session file or --json output, even split across chunks', async () => {
    const text = keyAtEveryOffset();
    const starts = [...text.matchAll(new RegExp(TEST_KEY, 'g'))].map((m) => m.index % CHUNK);
    expect(new Set(starts).size).toBe(CHUNK); // the fixture really splits the key at every position
    const f = await fixture(wire, [
      // The shell's environment has no model key (docs/security.md#sandbox): the key it prints comes from a file.
      { text, toolCalls: [{ name: 'bash', arguments: { command: 'echo "key=$(cat key.txt)"' } }] },
      { text: `Your key ends in ${TEST_KEY.slice(-6)}; the whole key: ${TEST_KEY}` },
    ]);
    writeFileSync(join(f.workspace, 'key.txt'), TEST_KEY);
    const r = await runJson(f, 'show me the key', ['--approve', 'auto']);
    expect(r.code, r.stderr).toBe(0);

    for (const [source, events] of [
      ['--json output', r.events],
      ['session file', readSessionLines(f, r.events[0].session).map((l) => JSON.parse(l) as JsonEvent)],
    ] as const) {
      const streamed = streamedByMessage(events);
      expect(streamed.size, source).toBe(2);
      const [first, second] = [...streamed.values()];
      // What a reader of the deltas reassembles: the text with every key replaced.
      expect(first, source).toBe(text.split(TEST_KEY).join('[REDACTED]'));
      expect(second, source).toBe(`Your key ends in ${TEST_KEY.slice(-6)}; the whole key: [REDACTED]`);
      // Whole-string events are redacted too: the message ends, the model's responses, the tool output.
      const ends = ofType(events, 'message_end').filter((e) => e.role === 'assistant').map((e) => String(e.content));
      expect(ends, source).toEqual([first, second]);
      const responses = ofType(events, 'model_response').map((e) => JSON.stringify(e.response));
      expect(responses.every((t) => t.includes('[REDACTED]')), source).toBe(true);
      const bashEnd = ofType(events, 'tool_execution_end')[0] as unknown as { result: { output: string } };
      expect(bashEnd.result.output, source).toContain('key=[REDACTED]');
    }
    const lines = readSessionLines(f, r.events[0].session);
    for (const line of lines) expect(line).not.toContain(TEST_KEY);
    expect(r.stdout).not.toContain(TEST_KEY);
    expect(r.stderr).not.toContain(TEST_KEY);
    // The model itself was sent the real tool output (it asked for it).
    expect(JSON.stringify(f.model.requests[1].body.messages)).toContain(`key=${TEST_KEY}`);
  });
});
