// Bench: N × `true` through the bash tool (persistent shell, shell-integration markers)
// vs N × spawning `bash -c true`, measured side by side in one run (alternating batches so
// machine load hits both alike). Prints both medians and the ratio.
// Targets (issue 3): ratio ≤ 0.5 and tool median ≤ 5 ms.
//
//   node bench/bash.mjs [N=1000]
//
// It bundles src-main/core/tools/bash/bash-tool.ts with Vite's SSR build (dependencies stay
// external) into node_modules/.cache, then imports it: no TypeScript runner needed.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const N = Number(process.argv[2] ?? 1000);
const BATCH = 100;

const outDir = join(root, 'node_modules', '.cache', 'glassbox-bench');
await build({
  configFile: false,
  logLevel: 'warn',
  root,
  build: {
    ssr: join(root, 'src-main/core/tools/bash/bash-tool.ts'),
    outDir,
    emptyOutDir: true,
    rollupOptions: { output: { format: 'es', entryFileNames: 'bash-tool.mjs' } },
  },
});
const { BashTool } = await import(pathToFileURL(join(outDir, 'bash-tool.mjs')).href);

const workspace = mkdtempSync(join(tmpdir(), 'glassbox-bench-'));
const tool = new BashTool({ workspace });
const ctx = { signal: new AbortController().signal, workspace, home: workspace, callId: 'bench' };

async function viaTool() {
  const t0 = performance.now();
  const r = await tool.execute({ command: 'true' }, ctx);
  const dt = performance.now() - t0;
  if (r.error || r.metadata?.exitCode !== 0) throw new Error(`bash tool failed: ${JSON.stringify(r)}`);
  return dt;
}

function viaSpawn() {
  const t0 = performance.now();
  return new Promise((res, rej) =>
    execFile('bash', ['-c', 'true'], (err) => (err ? rej(err) : res(performance.now() - t0))),
  );
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

// Warm up: start the shell, load the classifier's wasm grammar, JIT both paths.
for (let i = 0; i < 20; i++) {
  await viaTool();
  await viaSpawn();
}

const tool_ms = [];
const spawn_ms = [];
for (let done = 0; done < N; done += BATCH) {
  const n = Math.min(BATCH, N - done);
  for (let i = 0; i < n; i++) tool_ms.push(await viaTool());
  for (let i = 0; i < n; i++) spawn_ms.push(await viaSpawn());
}
await tool.dispose();

const mt = median(tool_ms);
const ms = median(spawn_ms);
const f = (x) => x.toFixed(2).padStart(7);
console.log(`bash bench: ${N} × \`true\`, alternating batches of ${BATCH}`);
console.log(`                      median      p90      p99  (ms)`);
console.log(`bash tool           ${f(mt)}  ${f(pct(tool_ms, 0.9))}  ${f(pct(tool_ms, 0.99))}`);
console.log(`spawn bash -c true  ${f(ms)}  ${f(pct(spawn_ms, 0.9))}  ${f(pct(spawn_ms, 0.99))}`);
console.log(`ratio tool/spawn    ${(mt / ms).toFixed(2)}   (target ≤ 0.50; tool median target ≤ 5 ms)`);
