#!/usr/bin/env node
// The editor through the file boundary (issue 21) vs the old direct node:fs calls, side by side
// in one run. Rows:
//   view   — str_replace_editor `view` of a 200-line file three folders deep in the workspace
//   create — str_replace_editor `create` of a new small file there (then undone out of band)
//   read   — the bare read underneath: FileBoundary.readFile vs statSync+readFileSync
//   write  — the bare replace underneath: FileBoundary temp+rename vs writeFile in place
// The editor rows run the same StrReplaceEditor twice: with its default operator (the boundary,
// confined per call) and with the pre-boundary operator reproduced below (plain path calls).
// Method: --rounds rounds (default 15) of --calls calls per side (default 400), sides
// alternating within a round in rotating order; a round's ratio is boundary time / direct time;
// printed: the median ratio and its range, and the median µs per call of each side.
// Run: `node bench/editor.mjs [--rounds N] [--calls N]` (no build needed: the TS is loaded with jiti).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const jiti = createJiti(import.meta.url);
const { StrReplaceEditor } = await jiti.import(join(ROOT, 'src-main/core/tools/editor/str-replace-editor.ts'));
const { EditHistory } = await jiti.import(join(ROOT, 'src-main/core/tools/editor/edit-history.ts'));
const { FileBoundary } = await jiti.import(join(ROOT, 'src-main/core/workspace/file-boundary.ts'));

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const ROUNDS = arg('rounds', 15);
const CALLS = arg('calls', 400);

/** The editor's operator before the boundary (main at 697e673): path calls, sync stats and small reads. */
class DirectOperator {
  async readFile(path) {
    return statSync(path).size <= 1024 * 1024 ? readFileSync(path) : readFile(path);
  }
  async writeFile(path, text) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text, 'utf8');
  }
  async exists(path) {
    return statSync(path, { throwIfNoEntry: false }) !== undefined;
  }
  async isDirectory(path) {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
  }
  async remove(path) {
    rmSync(path, { force: true });
  }
  async readDirectory() {
    return [];
  }
}

const base = mkdtempSync(join(tmpdir(), 'gb-bench-editor-'));
const ws = join(base, 'ws');
const home = join(base, 'home');
const deep = join(ws, 'src', 'pkg', 'mod');
mkdirSync(deep, { recursive: true });
const file = join(deep, 'file.ts');
writeFileSync(file, Array.from({ length: 200 }, (_, i) => `export const line${i} = ${i}; // some text on the line`).join('\n'));
const ctx = { signal: new AbortController().signal, workspace: ws, home, callId: 'bench' };
const bounded = new StrReplaceEditor({ history: EditHistory.forHome(home) });
const direct = new StrReplaceEditor({ history: EditHistory.forHome(home), operator: new DirectOperator() });
const boundary = new FileBoundary({ mayRead: () => null, mayWrite: () => null }, { maxReadBytes: 32 * 1024 * 1024, what: 'bench' });

let n = 0;
const sides = {
  view: {
    boundary: () => bounded.execute({ command: 'view', path: file }, ctx),
    direct: () => direct.execute({ command: 'view', path: file }, ctx),
  },
  create: {
    boundary: async () => {
      const p = join(deep, `new-${n++}.txt`);
      await bounded.execute({ command: 'create', path: p, file_text: 'hello\n' }, ctx);
      unlinkSync(p);
    },
    direct: async () => {
      const p = join(deep, `new-${n++}.txt`);
      await direct.execute({ command: 'create', path: p, file_text: 'hello\n' }, ctx);
      unlinkSync(p);
    },
  },
  read: {
    boundary: () => boundary.readFile(file),
    direct: async () => (statSync(file).size <= 1024 * 1024 ? readFileSync(file) : readFile(file)),
  },
  write: {
    boundary: async () => boundary.writeFile(join(deep, 'w.txt'), 'some text\n', 'replace'),
    direct: async () => {
      await mkdir(deep, { recursive: true });
      await writeFile(join(deep, 'w.txt'), 'some text\n', 'utf8');
    },
  },
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timeSide(fn) {
  const t = performance.now();
  for (let i = 0; i < CALLS; i++) await fn();
  return (performance.now() - t) / CALLS;
}

console.log(`str_replace_editor through the file boundary vs direct node:fs calls (${ROUNDS} rounds × ${CALLS} calls per side, Node ${process.version}, ${process.platform})`);
for (const [row, s] of Object.entries(sides)) {
  // Warm-up: the JIT and the disk cache.
  await timeSide(s.boundary);
  await timeSide(s.direct);
  const ratios = [];
  const b = [];
  const d = [];
  for (let r = 0; r < ROUNDS; r++) {
    let tb;
    let td;
    if (r % 2 === 0) {
      tb = await timeSide(s.boundary);
      td = await timeSide(s.direct);
    } else {
      td = await timeSide(s.direct);
      tb = await timeSide(s.boundary);
    }
    b.push(tb);
    d.push(td);
    ratios.push(tb / td);
  }
  const us = (ms) => `${(ms * 1000).toFixed(1)} µs`;
  console.log(
    `  ${row.padEnd(7)} boundary ${us(median(b)).padStart(10)}  direct ${us(median(d)).padStart(10)}  ratio ${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
  );
}
rmSync(base, { recursive: true, force: true });
