#!/usr/bin/env node
// Session search on a large history, side by side in one run:
//  - 1,000 session files of 100 calls each (a few hundred characters of output per call);
//  - building the index from nothing, refreshing it when nothing changed, and after one session grew;
//  - a content query's latency (p50/p95 over many queries, index in memory as the window keeps it)
//    next to `grep -rl` for the same word over the same files (what you would do without it);
//  - `glassbox sessions search` end to end (a fresh process: loads the saved index) next to grep.
// Run: `node bench/search.mjs [sessions=1000] [calls=100]` (after `npm run build` for the CLI row).
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const src = (p) => jiti.import(new URL(`../src-main/core/${p}`, import.meta.url).pathname);
const { SearchIndex } = await src('search/search-index.ts');
const { parseSearchQuery } = await src('search/query.ts');

const SESSIONS = Number(process.argv[2] ?? 1000);
const CALLS = Number(process.argv[3] ?? 100);
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima', 'mike', 'november', 'oscar', 'papa'];

const home = mkdtempSync(join(tmpdir(), 'gb-bench-search-'));
const sessions = join(home, 'sessions');
mkdirSync(sessions, { recursive: true });
const indexPath = join(home, 'state', 'search');

function sessionText(s) {
  const lines = [];
  let seq = 0;
  const ev = (type, extra) => lines.push(JSON.stringify({ seq: ++seq, ts: 1_764_000_000_000 + s * 100_000 + seq, session: `s${s}`, type, ...extra }));
  ev('agent_start', { task: `task ${s}: tidy module ${WORDS[s % WORDS.length]}` });
  ev('message_end', { messageId: 'u', role: 'user', content: `task ${s}: tidy module ${WORDS[s % WORDS.length]}` });
  for (let c = 0; c < CALLS; c++) {
    const w = `${WORDS[(s + c) % WORDS.length]}${(s * CALLS + c) % 997}`; // ~16k distinct words
    const out = `src/${w}.ts: 42 lines\n` + 'The quick brown fox jumps over the lazy dog; sorted files in src/. '.repeat(4) + `\ncheck ${c} ok ${w}`;
    ev('tool_execution_start', { callId: `c${c}`, tool: c % 3 ? 'bash' : 'str_replace_editor', args: { command: `grep -rn ${w} src` }, source: 'builtin' });
    ev('tool_execution_end', { callId: `c${c}`, tool: c % 3 ? 'bash' : 'str_replace_editor', result: { output: out }, durationMs: (c * 37) % 900 });
    ev('model_response', { step: c, response: {}, model: 'gpt-4o', usage: { inputTokens: 1000 + c, outputTokens: 40, costUsd: 0.003, ttftMs: 200, durationMs: 900 } });
  }
  return lines.join('\n') + '\n';
}

let bytes = 0;
for (let s = 0; s < SESSIONS; s++) {
  const text = sessionText(s);
  bytes += text.length;
  writeFileSync(join(sessions, `s${s}.jsonl`), text);
}
console.log(`${SESSIONS} sessions × ${CALLS} calls: ${(bytes / 1e6).toFixed(1)} MB of session files`);

const time = (f) => {
  const t = performance.now();
  const r = f();
  return [performance.now() - t, r];
};
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x) => `${x.toFixed(1)} ms`;

const [buildMs] = time(() => new SearchIndex(sessions, indexPath).refresh());
const onDisk = readdirSync(indexPath).reduce((n, f) => n + statSync(join(indexPath, f)).size, 0);
console.log(`index build from nothing: ${ms(buildMs)}; on disk ${(onDisk / 1e6).toFixed(1)} MB`);
const [loadMs, index] = time(() => new SearchIndex(sessions, indexPath));
const [sameMs] = time(() => index.refresh());
appendFileSync(join(sessions, 's7.jsonl'), JSON.stringify({ seq: 1e6, ts: Date.now(), session: 's7', type: 'message_end', messageId: 'x', role: 'assistant', content: 'zulu appended' }) + '\n');
const [grewMs, grew] = time(() => index.refresh());
console.log(`load saved index: ${ms(loadMs)}; refresh, nothing changed: ${ms(sameMs)}; refresh after one session grew: ${ms(grewMs)} (${grew.extended} read from where it stopped)`);
index.search(parseSearchQuery('warmup')); // builds the lower-cased copies once, as the first query in a window does

const queries = [];
for (let i = 0; i < 40; i++) queries.push(`${WORDS[i % WORDS.length]}${(i * 131) % 997}`);
const idx = [];
const grep = [];
for (const q of queries) {
  idx.push(time(() => index.search(parseSearchQuery(q)))[0]);
  grep.push(time(() => spawnSync('grep', ['-rlF', q, sessions]))[0]);
}
const filtered = [];
for (const q of queries.slice(0, 20)) filtered.push(time(() => index.search(parseSearchQuery(`${q} tool:bash dur:>100ms`)))[0]);
console.log('');
console.log('| content query, 40 words | p50 | p95 | p95 vs grep -rl |');
console.log('|---|---|---|---|');
console.log(`| index in memory | ${ms(pct(idx, 50))} | ${ms(pct(idx, 95))} | ${(pct(idx, 95) / pct(grep, 95)).toFixed(2)}× |`);
console.log(`| index + filters (tool:bash dur:>100ms) | ${ms(pct(filtered, 50))} | ${ms(pct(filtered, 95))} | ${(pct(filtered, 95) / pct(grep, 95)).toFixed(2)}× |`);
console.log(`| grep -rlF over the files | ${ms(pct(grep, 50))} | ${ms(pct(grep, 95))} | 1.00× |`);

const bin = new URL('../bin/glassbox.mjs', import.meta.url).pathname;
const cli = [];
const grepOnce = [];
for (const q of queries.slice(0, 8)) {
  cli.push(time(() => execFileSync(process.execPath, [bin, 'sessions', 'search', q, '--json'], { env: { ...process.env, GLASSBOX_HOME: home } }))[0]);
  grepOnce.push(time(() => spawnSync('grep', ['-rnF', q, sessions]))[0]);
}
console.log(`| glassbox sessions search (new process, 8 queries) | ${ms(pct(cli, 50))} | ${ms(pct(cli, 95))} | ${(pct(cli, 95) / pct(grepOnce, 95)).toFixed(2)}× grep -rn |`);
rmSync(home, { recursive: true, force: true });
