// Bench: N × `true` through the bash tool (persistent shell, shell-integration markers), once
// with the shell inside the OS sandbox (bubblewrap) and once outside it, vs N × spawning
// `bash -c true`, measured side by side in one run (alternating batches so machine load hits
// all three alike). Prints the medians and the ratios to a fresh spawn.
// Targets: inside the sandbox ≤ 0.5 × a fresh spawn (issue 16); outside ≤ 0.5 × and ≤ 5 ms (issue 3).
//
//   node bench/bash.mjs [N=1000]
//
// It bundles src-main/core/tools/bash/tool.ts with Vite's SSR build (dependencies stay
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
    ssr: true,
    outDir,
    emptyOutDir: true,
    rollupOptions: {
      input: {
        'bash-tool': join(root, 'src-main/core/tools/bash/tool.ts'),
        'bash-session': join(root, 'src-main/core/tools/bash/shell.ts'),
        sandbox: join(root, 'src-main/core/sandbox/sandbox.ts'),
      },
      output: { format: 'es', entryFileNames: '[name].mjs' },
    },
  },
});
const load = (name) => import(pathToFileURL(join(outDir, `${name}.mjs`)).href);
const { BashTool } = await load('bash-tool');
const { BashShell } = await load('bash-session');
const { Sandbox } = await load('sandbox');

const workspace = mkdtempSync(join(tmpdir(), 'glassbox-bench-'));
const sandbox = new Sandbox({
  config: { mode: 'workspace-write', network: false, writableRoots: [] },
  workspace,
  glassboxHome: join(workspace, 'no-home'),
  env: process.env,
});
if (!sandbox.status().active) throw new Error(`no sandbox here: ${sandbox.status().reason}`);
const outsideTool = new BashTool({ workspace });
const insideShell = new BashShell({ cwd: workspace, sandbox });
const insideTool = new BashTool({ workspace, shell: () => insideShell });
const ctx = { signal: new AbortController().signal, workspace, home: workspace, callId: 'bench' };

async function viaTool(tool) {
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
  await viaTool(insideTool);
  await viaTool(outsideTool);
  await viaSpawn();
}

const inside_ms = [];
const tool_ms = [];
const spawn_ms = [];
for (let done = 0; done < N; done += BATCH) {
  const n = Math.min(BATCH, N - done);
  for (let i = 0; i < n; i++) inside_ms.push(await viaTool(insideTool));
  for (let i = 0; i < n; i++) tool_ms.push(await viaTool(outsideTool));
  for (let i = 0; i < n; i++) spawn_ms.push(await viaSpawn());
}
await outsideTool.dispose();
await insideShell.dispose();

const mi = median(inside_ms);
const mt = median(tool_ms);
const ms = median(spawn_ms);
const f = (x) => x.toFixed(2).padStart(7);
const row = (name, xs) => `${name.padEnd(26)}${f(median(xs))}  ${f(pct(xs, 0.9))}  ${f(pct(xs, 0.99))}`;
console.log(`bash bench: ${N} × \`true\`, alternating batches of ${BATCH} (sandbox: ${sandbox.status().backend})`);
console.log(`                             median      p90      p99  (ms)`);
console.log(row('bash tool, inside sandbox', inside_ms));
console.log(row('bash tool, outside', tool_ms));
console.log(row('spawn bash -c true', spawn_ms));
console.log(`ratio inside/spawn         ${(mi / ms).toFixed(2)}   (target ≤ 0.50)`);
console.log(`ratio outside/spawn        ${(mt / ms).toFixed(2)}   (target ≤ 0.50; outside median target ≤ 5 ms)`);
