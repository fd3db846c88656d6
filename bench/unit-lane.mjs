// Bench: how long `npm run test:unit` takes, in wall time and in CPU time, with the unit lane's
// workers shared across test files (as configured) next to one fresh module graph per file
// (GLASSBOX_UNIT_ISOLATE=1, how the lane ran before), in one run: the two alternate, so machine
// load hits them alike. CPU is the figure to trust on a shared machine (others' load stretches
// wall time, not our CPU time); it is the whole process tree's user+sys time, sampled from /proc
// every second, so a worker counts whether or not vitest waits for it (the lane's processes live
// the whole run; scanning /proc more often costs CPU itself).
// Also prints vitest's own split (transform, setup, import, tests: sums over the workers) and
// the slowest files of the last shared run. Linux only (/proc).
//
//   node bench/unit-lane.mjs [N=1]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const N = Number(process.argv[2] ?? 1);
const scratch = mkdtempSync(join(tmpdir(), 'glassbox-bench-unit-'));
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');

/** CPU seconds (user+sys) of each live process under `pid`, keyed by pid. */
function treeCpu(pid) {
  const parent = new Map();
  const cpu = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(d), Number(f[1]));
      cpu.set(Number(d), (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      // Ended meanwhile.
    }
  }
  const mine = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, pp] of parent) if (!mine.has(p) && mine.has(pp)) mine.add(p), (grew = true);
  }
  return new Map([...mine].filter((p) => cpu.has(p)).map((p) => [p, cpu.get(p)]));
}

function runLane(label, isolate, i) {
  const report = join(scratch, `${label}-${i}.json`);
  const env = { ...process.env, GLASSBOX_UNIT_ISOLATE: isolate ? '1' : '' };
  const load = loadavg()[0];
  const t0 = Date.now();
  return new Promise((res) => {
    const child = spawn(process.execPath, [vitest, 'run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const seen = new Map();
    const timer = setInterval(() => {
      for (const [p, c] of treeCpu(child.pid)) seen.set(p, Math.max(seen.get(p) ?? 0, c));
    }, 1000);
    child.on('close', (code) => {
      clearInterval(timer);
      const wall = (Date.now() - t0) / 1000;
      const cpu = [...seen.values()].reduce((a, b) => a + b, 0);
      const split = /Duration\s+[\d.]+m?s\s*\(([^)]*)\)/.exec(out.replace(/\x1b\[[0-9;]*m/g, ''))?.[1] ?? '?';
      let r = { numTotalTests: 0, numFailedTests: 0, testResults: [] };
      try {
        r = JSON.parse(readFileSync(report, 'utf8'));
      } catch {
        // No report: the run broke; the exit code says so.
      }
      res({ label, wall, cpu, code, load, split, tests: r.numTotalTests, failed: r.numFailedTests, files: r.testResults });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const runs = { shared: [], isolated: [] };
for (let i = 0; i < N; i++) {
  for (const [label, isolate] of i % 2 ? [['isolated', true], ['shared', false]] : [['shared', false], ['isolated', true]]) {
    const r = await runLane(label, isolate, i);
    runs[label].push(r);
    console.log(`${label.padEnd(8)} wall ${r.wall.toFixed(1).padStart(6)} s  cpu ${r.cpu.toFixed(1).padStart(6)} s  load ${r.load.toFixed(1).padStart(5)}  tests ${r.tests} failed ${r.failed} exit ${r.code}  (vitest: ${r.split})`);
  }
}
const m = (label, key) => median(runs[label].map((r) => r[key]));
console.log(`\nmedian of ${N}: shared wall ${m('shared', 'wall').toFixed(1)} s, cpu ${m('shared', 'cpu').toFixed(1)} s; isolated wall ${m('isolated', 'wall').toFixed(1)} s, cpu ${m('isolated', 'cpu').toFixed(1)} s`);
console.log(`isolated / shared: wall ×${(m('isolated', 'wall') / m('shared', 'wall')).toFixed(2)}, cpu ×${(m('isolated', 'cpu') / m('shared', 'cpu')).toFixed(2)}`);
const last = runs.shared.at(-1);
const slow = last.files.map((f) => ({ name: f.name.slice(root.length + 1), s: (f.endTime - f.startTime) / 1000 })).sort((a, b) => b.s - a.s);
console.log('\nslowest files (last shared run):');
for (const f of slow.slice(0, 10)) console.log(`  ${f.s.toFixed(2).padStart(6)} s  ${f.name}`);
