#!/usr/bin/env node
// Cost of hiding secrets from the window and the stream, side by side in one run:
//  - the bridge's per-event redaction (SecretRedactor.redactValue, walks strings, copy on write)
//    over a 10,000-event session, next to a JSON round trip of each event (parse(redact(stringify)))
//    and next to JSON.stringify of each event (what the web host pays anyway to send it);
//  - StreamRedactor over a long streamed message in 8-character deltas, next to passing them through;
//  - the current-session owner opening that saved session (records every event: calls, chat
//    rows), with and without a redacting session port.
// Medians of several rounds. Run: `node bench/redaction.mjs [events]`.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const src = (p) => jiti.import(new URL(`../src-main/core/${p}`, import.meta.url).pathname);
const { SecretRedactor } = await src('secrets/redactor.ts');
const { StreamRedactor } = await src('secrets/stream-redactor.ts');

const N = Number(process.argv[2] ?? 10_000);
const ROUNDS = 9;
const KEY = 'sk-proj-AbCdEf0123456789AbCdEf0123456789';
// Typical: the model key, an MCP bearer token and an MCP env value.
const redactor = new SecretRedactor([KEY, 'ghp_0123456789abcdefABCDEF', 'hunter2hunter2']);

/** A session like a real one: calls with a few hundred characters of output, streamed messages, model turns. */
function session(n) {
  const out = [];
  const text = 'The quick brown fox jumps over the lazy dog; sorted 42 files in src/. '.repeat(6);
  for (let i = 0; out.length < n; i++) {
    const base = { seq: out.length + 1, ts: 1_700_000_000_000 + i, session: 'bench' };
    const callId = `call_${i}`;
    out.push({ ...base, type: 'tool_execution_start', callId, tool: 'bash', args: { command: `ls -la src/${i}` }, source: 'builtin' });
    // One call in 500 prints the key.
    const output = i % 500 === 0 ? `${text}\nOPENAI_API_KEY=${KEY}\n` : text;
    out.push({ ...base, type: 'tool_execution_end', callId, tool: 'bash', result: { output, error: null, images: [], system: null }, durationMs: 12 });
    out.push({ ...base, type: 'message_start', messageId: `m${i}`, role: 'assistant' });
    for (let k = 0; k < 4; k++) out.push({ ...base, type: 'message_update', messageId: `m${i}`, role: 'assistant', delta: text.slice(k * 8, k * 8 + 8) });
    out.push({ ...base, type: 'message_end', messageId: `m${i}`, role: 'assistant', content: text.slice(0, 120), toolCalls: [{ id: callId, name: 'bash', arguments: `{"command":"ls -la src/${i}"}` }] });
    out.push({ ...base, type: 'model_response', step: i, response: { text: text.slice(0, 120), toolCalls: [], stopReason: 'tool_use' }, usage: { inputTokens: 900, outputTokens: 40 } });
  }
  return out.slice(0, n);
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(fn) {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

const events = session(N);
let sink = 0;
const cases = {
  'JSON.stringify each (sent anyway)': () => {
    for (const e of events) sink += JSON.stringify(e).length;
  },
  'redactValue each (the bridge)': () => {
    for (const e of events) if (redactor.redactValue(e) !== e) sink++;
  },
  'JSON round trip each': () => {
    for (const e of events) sink += JSON.parse(redactor.redact(JSON.stringify(e))).seq;
  },
};
const results = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let r = 0; r < ROUNDS; r++) for (const [k, fn] of Object.entries(cases)) results[k].push(time(fn));
const changed = events.filter((e) => redactor.redactValue(e) !== e).length;
const ref = median(results['JSON.stringify each (sent anyway)']);
console.log(`${N} events (${changed} hold a secret), median of ${ROUNDS}:`);
for (const [k, xs] of Object.entries(results)) {
  const m = median(xs);
  console.log(`  ${k.padEnd(36)} ${m.toFixed(1).padStart(7)} ms  ${((m * 1000) / N).toFixed(2).padStart(6)} µs/event  ${(m / ref).toFixed(2)}× stringify`);
}

// Streaming: one 200,000-character message in 8-character deltas (~25,000 deltas).
const message = ('Here is the plan: read src/app.ts, then sort the imports. ' + 's'.repeat(3) + ' ').repeat(3000).slice(0, 200_000);
const deltas = [];
for (let i = 0; i < message.length; i += 8) deltas.push(message.slice(i, i + 8));
const stream = { 'pass-through': [], StreamRedactor: [] };
for (let r = 0; r < ROUNDS; r++) {
  stream['pass-through'].push(time(() => {
    let s = '';
    for (const d of deltas) s += d;
    sink += s.length;
  }));
  stream.StreamRedactor.push(time(() => {
    const sr = new StreamRedactor(redactor);
    let s = '';
    for (const d of deltas) s += sr.push(d);
    s += sr.end();
    if (s !== message) throw new Error('stream redaction changed clean text');
    sink += s.length;
  }));
}
const pass = median(stream['pass-through']);
const red = median(stream.StreamRedactor);
console.log(`${deltas.length} streamed deltas, median of ${ROUNDS}:`);
console.log(`  pass-through ${pass.toFixed(1)} ms; StreamRedactor ${red.toFixed(1)} ms = ${((red * 1000) / deltas.length).toFixed(2)} µs/delta (${(red / pass).toFixed(1)}× pass-through)`);

// Opening the saved session: CurrentSession.start(id) loads the file and records every event.
const bridgeSrc = (p) => jiti.import(new URL(`../src-main/bridge/${p}`, import.meta.url).pathname);
const { CurrentSession } = await bridgeSrc('current-session.ts');
const { EventBus } = await src('events/event-bus.ts');
const { SessionStore } = await src('session/store.ts');
const dir = mkdtempSync(join(tmpdir(), 'gb-bench-redact-'));
const store = new SessionStore(dir);
const id = '00000000-0000-4000-8000-000000000001';
writeFileSync(store.pathOf(id), events.map((e) => JSON.stringify({ ...e, session: id })).join('\n') + '\n');
const loaded = store.load(id).events; // parse once: the bench times the bridge, not JSON.parse
const loadOnce = { ...store, dir: store.dir, exists: () => true, load: () => ({ events: loaded, skipped: 0, warnings: [] }), summary: () => null };
async function openIn(redacting) {
  const bus = new EventBus(id);
  const port = {
    id,
    bus,
    redactedEvents: bus,
    running: false,
    send: async () => undefined,
    cancel: () => undefined,
    dispose: async () => undefined,
    ...(redacting ? { redactor } : {}),
  };
  const current = new CurrentSession({
    open: async () => ({ session: port, dialogs: {} }),
    saved: loadOnce,
    emit: () => undefined,
    savedSummary: () => null,
    settings: () => ({}),
    listChanged: () => undefined,
  });
  const t0 = process.hrtime.bigint();
  await current.start(id);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  await current.dispose();
  return ms;
}
const opened = { plain: [], redacting: [] };
await openIn(false);
await openIn(true); // warm-up
for (let r = 0; r < 2 * ROUNDS; r++) {
  // Alternate which goes first, so a GC or a neighbour's burst does not always land on one side.
  const first = r % 2 === 0;
  opened[first ? 'plain' : 'redacting'].push(await openIn(!first));
  opened[first ? 'redacting' : 'plain'].push(await openIn(first));
}
const plain = median(opened.plain);
const redacting = median(opened.redacting);
console.log(`opening the ${N}-event session, median of ${2 * ROUNDS}:`);
console.log(`  without redaction ${plain.toFixed(1)} ms; with ${redacting.toFixed(1)} ms (+${(redacting - plain).toFixed(1)} ms, ${(redacting / plain).toFixed(2)}×)`);
if (sink === -1) console.log(sink);
