// Bench: what one `glassbox` start costs, next to a bare `node -e 0`, measured in one run
// (the three commands run round-robin so machine load hits them alike). For each it prints
// the median CPU time (user+sys of the child, read through a tiny preload because Node has
// no child rusage) and the median wall time, plus ratios against `node -e 0`. CPU is the
// figure to trust on a loaded machine; wall time is shown for completeness.
//
//   node bench/cli-startup.mjs [N=10] [--root DIR]
//
// --root points at another checkout's folder holding bin/ and out/ (e.g. an old build copied
// aside) to measure "before" figures with the same script. Uses the built CLI: run
// `npx electron-vite build` first. `tools list` runs with GLASSBOX_DISABLE_BROWSER=1 and an
// empty temporary GLASSBOX_HOME.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const rootAt = args.indexOf('--root');
const root = rootAt >= 0 ? resolve(args.splice(rootAt, 2)[1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
const N = Number(args[0] ?? 10);
const bin = join(root, 'bin', 'glassbox.mjs');

const scratch = mkdtempSync(join(tmpdir(), 'glassbox-bench-start-'));
const home = join(scratch, 'home');
const cpuFile = join(scratch, 'cpu.json');
// The preload records the child's own CPU use at exit (process.exit included).
const preload = join(scratch, 'cpu-preload.cjs');
writeFileSync(
  preload,
  `process.on('exit', () => { const u = process.cpuUsage(); require('fs').writeFileSync(${JSON.stringify(cpuFile)}, JSON.stringify(u)); });\n`,
);

const cases = [
  { name: 'node -e 0', argv: ['-e', '0'] },
  { name: 'glassbox --help', argv: [bin, '--help'] },
  { name: 'glassbox tools list', argv: [bin, 'tools', 'list'] },
];

function runOnce(argv) {
  rmSync(home, { recursive: true, force: true });
  rmSync(cpuFile, { force: true });
  const env = { ...process.env, GLASSBOX_DISABLE_BROWSER: '1', GLASSBOX_HOME: home };
  delete env.NODE_OPTIONS;
  const t0 = performance.now();
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, ['-r', preload, ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stdout.resume();
    child.stderr.on('data', (d) => (err += d));
    child.on('error', rej);
    child.on('close', (code) => {
      const wall = performance.now() - t0;
      if (code !== 0) return rej(new Error(`${argv.join(' ')} exited ${code}: ${err}`));
      const u = JSON.parse(readFileSync(cpuFile, 'utf8'));
      res({ wall, cpu: (u.user + u.system) / 1000 });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const samples = cases.map(() => ({ cpu: [], wall: [] }));
for (const c of cases) await runOnce(c.argv); // warm the file cache once
for (let i = 0; i < N; i++) {
  for (const [k, c] of cases.entries()) {
    const r = await runOnce(c.argv);
    samples[k].cpu.push(r.cpu);
    samples[k].wall.push(r.wall);
  }
}
rmSync(scratch, { recursive: true, force: true });

const base = { cpu: median(samples[0].cpu), wall: median(samples[0].wall) };
console.log(`CLI start-up, N=${N}, root ${root}`);
console.log(`${'command'.padEnd(22)} ${'cpu ms'.padStart(8)} ${'×node'.padStart(6)} ${'wall ms'.padStart(8)} ${'×node'.padStart(6)}`);
for (const [k, c] of cases.entries()) {
  const cpu = median(samples[k].cpu);
  const wall = median(samples[k].wall);
  console.log(
    `${c.name.padEnd(22)} ${cpu.toFixed(0).padStart(8)} ${(cpu / base.cpu).toFixed(2).padStart(6)} ${wall.toFixed(0).padStart(8)} ${(wall / base.wall).toFixed(2).padStart(6)}`,
  );
}
