#!/usr/bin/env node
// Prompt caching over a 30-step Anthropic session: `glassbox run` (the built CLI, default
// built-in tools, no browser server) against the scripted Messages API, which works out cache
// reads and writes from the request's cache_control breakpoints the way Anthropic does
// (e2e/fixtures/scripted-prompt-cache.ts; 4 characters a token, prefixes under 1,024 tokens
// not cached). Each step reads a slice of a file, as an agent exploring a codebase does.
// Prints, side by side in one run: the share of input tokens billed as cache reads (target
// ≥ 80%) and the session's cost at list prices with caching and without it (the same tokens
// with every input token at the input price, which is what the requests cost before
// breakpoints were sent). Run: `npm run build && node bench/caching.mjs [steps]`.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJiti } from 'jiti';

const STEPS = Number(process.argv[2] ?? 30);
const MODEL = 'claude-sonnet-4-5';
const root = new URL('..', import.meta.url).pathname;
const jiti = createJiti(import.meta.url);
const { startScriptedModelServer } = await jiti.import(join(root, 'e2e/fixtures/scripted-model-server.ts'));
const { costOf, priceOf } = await jiti.import(join(root, 'src-main/core/llm/prices.ts'));
const { countCacheBreakpoints } = await jiti.import(join(root, 'src-main/core/llm/anthropic-messages.ts'));

const dir = mkdtempSync(join(tmpdir(), 'gb-bench-cache-'));
const home = join(dir, 'home');
const ws = join(dir, 'ws');
mkdirSync(home, { recursive: true });
mkdirSync(ws, { recursive: true });
const lines = Array.from({ length: 40 * STEPS }, (_, i) => `line ${i + 1}: ${'const value = compute(input, options); // notes '.repeat(2)}`);
writeFileSync(join(ws, 'notes.md'), `${lines.join('\n')}\n`);

const script = [];
for (let i = 0; i < STEPS - 1; i++) {
  script.push({
    text: `Reading part ${i + 1}.`,
    toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'view', path: 'notes.md', view_range: [i * 40 + 1, i * 40 + 40] } }],
    usage: { inputTokens: 0, outputTokens: 90 },
  });
}
script.push({ text: 'I have read the whole file.', usage: { inputTokens: 0, outputTokens: 60 } });
const model = await startScriptedModelServer(script, { simulateCache: true });

const env = {
  ...process.env,
  GLASSBOX_HOME: home,
  GLASSBOX_LLM_PROVIDER: 'anthropic',
  GLASSBOX_LLM_BASE_URL: model.anthropicBaseURL,
  GLASSBOX_LLM_MODEL: MODEL,
  GLASSBOX_LLM_API_KEY: 'bench-key',
  GLASSBOX_DISABLE_BROWSER: '1',
};
const out = await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, [join(root, 'bin/glassbox.mjs'), 'run', 'Read notes.md part by part and tell me when done.', '--json', '--workspace', ws, '--approve', 'auto', '--max-steps', String(STEPS)], { env, cwd: ws });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.on('error', reject);
  child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`glassbox run exited ${code}: ${stderr.slice(-2000)}`))));
});
await model.close();

const usages = out
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l))
  .filter((e) => e.type === 'model_response')
  .map((e) => e.usage);
const price = priceOf(MODEL);
const sum = (f) => usages.reduce((n, u) => n + (f(u) ?? 0), 0);
const input = sum((u) => u.inputTokens);
const read = sum((u) => u.cachedInputTokens);
const written = sum((u) => u.cacheWriteTokens);
const output = sum((u) => u.outputTokens);
const withCache = sum((u) => u.costUsd);
const without = usages.reduce((n, u) => n + costOf({ inputTokens: u.inputTokens, outputTokens: u.outputTokens }, price), 0);
const maxBreakpoints = Math.max(...model.requests.map((r) => countCacheBreakpoints(r.body)));
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const usd = (x) => `$${x.toFixed(4)}`;

console.log(`Prompt caching, ${usages.length}-step Anthropic session (${MODEL}, $${price.input}/M input, $${price.cachedInput}/M cache read, $${price.cacheWrite}/M cache write, $${price.output}/M output)`);
console.log(`  breakpoints per request (max)    ${maxBreakpoints}   (limit 4)`);
console.log(`  input tokens                     ${input.toLocaleString('en-US')}`);
console.log(`    billed as cache reads          ${read.toLocaleString('en-US')}   ${pct(read / input)}   (target ≥ 80%)`);
console.log(`    written to the cache           ${written.toLocaleString('en-US')}   ${pct(written / input)}`);
console.log(`    plain input                    ${(input - read - written).toLocaleString('en-US')}   ${pct((input - read - written) / input)}`);
console.log(`  output tokens                    ${output.toLocaleString('en-US')}`);
console.log(`  session cost, with caching       ${usd(withCache)}`);
console.log(`  session cost, without caching    ${usd(without)}`);
console.log(`  with / without                   ${(withCache / without).toFixed(3)}   (${(without / withCache).toFixed(2)}× cheaper)`);
rmSync(dir, { recursive: true, force: true });
