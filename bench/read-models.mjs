#!/usr/bin/env node
// The time axis's layout of a long session, side by side with what reading the session costs
// anyway (a JSON round trip of its events), in one run: buildTimeAxis over N tool calls with a
// model turn each (2N spans). This was a wall-clock bound inside a unit test ("10,000 calls in
// under 500 ms"), which a busy machine broke; the figure belongs here.
// Medians of several rounds. Run: `node bench/read-models.mjs [calls=10000]`.
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const { buildTimeAxis } = await jiti.import(new URL('../src-shared/read-models/time-axis.ts', import.meta.url).pathname);

const N = Number(process.argv[2] ?? 10_000);
const ROUNDS = 9;
const ok = { output: 'x', error: null, system: null, images: [] };

let seq = 0;
const at = (ts, input) => ({ ...input, seq: ++seq, ts, session: 's' });
const events = [];
for (let i = 0; i < N; i++) {
  events.push(at(i * 10, { type: 'model_request', step: i, request: {} }), at(i * 10 + 4, { type: 'model_response', step: i, response: {} }));
  events.push(
    at(i * 10 + 5, { type: 'tool_execution_start', callId: `c${i}`, tool: 'bash', args: {}, source: 'builtin' }),
    at(i * 10 + 9, { type: 'tool_execution_end', callId: `c${i}`, tool: 'bash', result: ok, durationMs: 4 }),
  );
}

function median(fn) {
  const times = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(ROUNDS / 2)];
}

const roundTrip = median(() => JSON.parse(JSON.stringify(events)));
let spans = 0;
const layout = median(() => {
  spans = buildTimeAxis(events).spans.length;
});
console.log(`${N} calls (${events.length} events, ${spans} spans), median of ${ROUNDS}:`);
console.log(`  JSON round trip of the events  ${roundTrip.toFixed(1)} ms`);
console.log(`  buildTimeAxis                  ${layout.toFixed(1)} ms  (${(layout / roundTrip).toFixed(2)}x the round trip)`);
