// Bench: a checkpoint of a 2,000-file workspace — taking one (after a turn changed 20 files)
// and restoring one — side by side with `git stash` / `git stash pop` on the same tree, in one
// run, alternating rounds so machine load hits both alike. Prints medians and the ratios.
//
//   node bench/checkpoints.mjs [FILES=2000] [ROUNDS=7]
//
// Loads src-main/core/checkpoints/store.ts with jiti (no build step).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FILES = Number(process.argv[2] ?? 2000);
const ROUNDS = Number(process.argv[3] ?? 7);
const CHANGED = 20;

const jiti = createJiti(import.meta.url);
// CHECKPOINT_STORE=<path to a store.ts> measures another version (e.g. an older one) the same way.
const { CheckpointStore } = await jiti.import(process.env.CHECKPOINT_STORE ?? join(ROOT, 'src-main/core/checkpoints/store.ts'));

function makeTree() {
  const ws = mkdtempSync(join(tmpdir(), 'glassbox-bench-cp-'));
  for (let i = 0; i < FILES; i++) {
    const dir = join(ws, `pkg${i % 40}`, `mod${i % 7}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `file${i}.ts`), `// file ${i}\n${'export const x = 1;\n'.repeat(40)}`);
  }
  return ws;
}

/** The turn: CHANGED files edited. */
function change(ws, round) {
  for (let i = 0; i < CHANGED; i++) {
    const n = (i * 97) % FILES;
    writeFileSync(join(ws, `pkg${n % 40}`, `mod${n % 7}`, `file${n}.ts`), `// changed in round ${round}\n`);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
const time = async (fn) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

// Shadow repository
const cpWs = makeTree();
const home = mkdtempSync(join(tmpdir(), 'glassbox-bench-cp-home-'));
const store = new CheckpointStore(home, cpWs, { maxCheckpoints: 1000 });
const first = await time(() => store.take({ kind: 'turn', label: 'baseline' }));
// git stash, on a copy of the same tree committed in a real repository
const gitWs = makeTree();
const git = (args) => execFileSync('git', args, { cwd: gitWs, stdio: 'pipe', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' } });
git(['init', '-q']);
git(['add', '-A']);
git(['commit', '-qm', 'base']);

const take = [];
const restore = [];
const stash = [];
const pop = [];
for (let r = 0; r < ROUNDS; r++) {
  change(cpWs, r);
  const base = store.list()[0].id;
  take.push(await time(() => store.take({ kind: 'turn', label: `round ${r}` })));
  restore.push(await time(() => store.restore(base)));
  change(gitWs, r);
  stash.push(await time(() => git(['stash', '-q'])));
  pop.push(await time(() => git(['stash', 'pop', '-q'])));
  git(['checkout', '-q', '--', '.']);
}

const f = (ms) => `${ms.toFixed(1)} ms`;
console.log(`checkpoints of a ${FILES}-file workspace, ${CHANGED} files changed per turn, ${ROUNDS} rounds (medians)`);
console.log(`  first checkpoint (every file hashed): ${f(first)}`);
console.log(`  take a checkpoint:   ${f(median(take))} (${range(take)})   git stash:     ${f(median(stash))} (${range(stash)})   ratio ${(median(take) / median(stash)).toFixed(2)}×`);
console.log(`  restore one:         ${f(median(restore))} (${range(restore)})   git stash pop: ${f(median(pop))} (${range(pop)})   ratio ${(median(restore) / median(pop)).toFixed(2)}×`);
console.log(`  restore / (git stash + pop): ${(median(restore) / (median(stash) + median(pop))).toFixed(2)}× (a restore saves the workspace first, as stash does, then puts files back, as pop does)`);
console.log(`  (a restore also takes the checkpoint before and after it, so it can be undone)`);
