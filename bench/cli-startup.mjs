// Bench: what one `glassbox` start costs, next to a bare `node -e 0`, measured in one run
// (the commands run round-robin so machine load hits them alike). For each it prints the
// median CPU time (user+sys of the child, all its threads, read through a tiny preload because
// Node has no child rusage) and the median wall time, plus ratios against `node -e 0`. CPU is
// the figure to trust on a loaded machine; wall time is shown for completeness.
//
//   node bench/cli-startup.mjs [N=10] [--root DIR] [--before DIR]
//
// --root measures another checkout's folder holding bin/ and out/ instead of this one;
// --before DIR measures that build too, in the same round-robin (an old build copied aside:
// `cp -r bin out package.json DIR && ln -s $PWD/node_modules DIR/`), and prints its rows and
// this build's ratio to it. Uses the built CLI: run `npx electron-vite build` first. The
// glassbox commands run with GLASSBOX_DISABLE_BROWSER=1, an empty temporary GLASSBOX_HOME and
// an empty workspace as their working folder.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? resolve(args.splice(at, 2)[1]) : undefined;
};
const root = option('--root') ?? resolve(dirname(fileURLToPath(import.meta.url)), '..');
const before = option('--before');
const N = Number(args[0] ?? 10);

const scratch = mkdtempSync(join(tmpdir(), 'glassbox-bench-start-'));
const home = join(scratch, 'home');
const cpuFile = join(scratch, 'cpu.json');
// The preload records the child's own CPU use at exit (process.exit included).
const preload = join(scratch, 'cpu-preload.cjs');
writeFileSync(
  preload,
  `process.on('exit', () => { const u = process.cpuUsage(); require('fs').writeFileSync(${JSON.stringify(cpuFile)}, JSON.stringify(u)); });\n`,
);

const workspace = join(scratch, 'workspace');
mkdirSync(workspace);
const glassbox = (bin, tag) => [
  { name: `${tag}--help`, argv: [bin, '--help'] },
  { name: `${tag}tools list`, argv: [bin, 'tools', 'list'] },
  // The first bash call: the classifier's parser, the sandboxed shell's start, one command.
  { name: `${tag}tools call bash true`, argv: [bin, 'tools', 'call', 'bash', '--approve', 'auto', '--args', '{"command":"true"}'] },
];
const mine = glassbox(join(root, 'bin', 'glassbox.mjs'), '');
const theirs = before ? glassbox(join(before, 'bin', 'glassbox.mjs'), 'before: ') : [];
const cases = [{ name: 'node -e 0', argv: ['-e', '0'] }, ...mine, ...theirs];

function runOnce(argv) {
  rmSync(home, { recursive: true, force: true });
  rmSync(cpuFile, { force: true });
  const env = { ...process.env, GLASSBOX_DISABLE_BROWSER: '1', GLASSBOX_HOME: home };
  delete env.NODE_OPTIONS;
  const t0 = performance.now();
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, ['-r', preload, ...argv], { env, cwd: workspace, stdio: ['ignore', 'pipe', 'pipe'] });
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
const at = (c) => ({ cpu: median(samples[cases.indexOf(c)].cpu), wall: median(samples[cases.indexOf(c)].wall) });
console.log(`CLI start-up, N=${N}, root ${root}${before ? `, before ${before}` : ''}`);
console.log(`${'command'.padEnd(30)} ${'cpu ms'.padStart(8)} ${'×node'.padStart(6)} ${'wall ms'.padStart(8)} ${'×node'.padStart(6)}${before ? ' ×before cpu, wall' : ''}`);
for (const c of cases) {
  const { cpu, wall } = at(c);
  const k = mine.indexOf(c);
  const was = before && k >= 0 ? at(theirs[k]) : undefined;
  console.log(
    `${c.name.padEnd(30)} ${cpu.toFixed(0).padStart(8)} ${(cpu / base.cpu).toFixed(2).padStart(6)} ${wall.toFixed(0).padStart(8)} ${(wall / base.wall).toFixed(2).padStart(6)}` +
      (was ? `  ${(cpu / was.cpu).toFixed(2)}, ${(wall / was.wall).toFixed(2)}` : ''),
  );
}
