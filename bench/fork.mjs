#!/usr/bin/env node
// Bench (issue 27): forks.
//
// 1. Forking at step 900 of a 1,000-step session whose workspace has 2,000 files, with the files
//    restored as they were at that step: the time from asking for the fork to the fork's first
//    model request (target ≤ 300 ms), side by side in the same run with `git worktree add` of the
//    same tree (a worktree is the other way to get a separate working copy), alternating rounds.
//    The fork is made as the window makes it: prepareFork (the plan from the parent's file, the
//    copy of the files from the checkpoint, the fork's file with the history), a session opened
//    on the fork's file (no MCP servers, no extensions: their start is the same for any session),
//    then run on; the model is in-process and notes the moment the first request reaches it.
//    The copy is made in two parts (the folders a session reads when it opens, then the rest while
//    the model works; the fork's tools wait for it): the time until every file is written is
//    printed beside it. Each phase is printed. Loads the core as it ships (bench/bundle.mjs).
// 2. The compare view's first paint for two 1,000-step sessions (a parent and a fork of it at step
//    900 with its own 100 steps), in Chromium through a real `glassbox web` (needs `npm run
//    build`): the sidebar's ⇄ (compare with the open session) clicked → the summary painted (the
//    browser's Element Timing entry), several times; each includes the host reading both files.
//
// Usage: node bench/fork.mjs [--rounds 7] [--files 2000] [--steps 1000] [--at 900] [--no-ui | --only-ui]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bundleForBench } from './bundle.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
};
const ROUNDS = arg('--rounds', 7);
const FILES = arg('--files', 2000);
const STEPS = arg('--steps', 1000);
const AT = arg('--at', 900);
const UI = !process.argv.includes('--no-ui');
const FORK = !process.argv.includes('--only-ui');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;

/** A workspace of FILES small source files in nested folders. */
function makeTree(dir) {
  for (let i = 0; i < FILES; i++) {
    const sub = join(dir, `pkg${i % 40}`, `mod${i % 7}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `file${i}.ts`), `// file ${i}\n${'export const x = 1;\n'.repeat(40)}`);
  }
}

/**
 * A session of `steps` model steps, each a model turn with one bash call, as the agent records it;
 * `checkpoint` ({ before, id }) puts a checkpoint event just before step `before`'s turn. With `fork`, the
 * events before `fork.cutSeq` are the parent's (their session is the parent's) and the rest the
 * fork's own run with other results.
 */
function sessionEvents(id, steps, { workspace, checkpoint, fork } = {}) {
  const out = [];
  let seq = 0;
  let ts = Date.now() - steps * 40 - 10_000;
  const push = (e, session = id) => out.push({ seq: ++seq, ts: (ts += 3), session, ...e });
  let session = fork ? fork.parent : id;
  push({ type: 'agent_start', task: `benchmark session with ${steps} steps`, ...(workspace ? { workspace } : {}) }, session);
  for (let i = 1; i <= steps; i++) {
    if (fork && seq + 1 === fork.cutSeq) {
      session = id;
      ts += 60_000;
      push({ type: 'agent_start', task: `benchmark session with ${steps} steps`, parent: fork.parent, forkedAt: fork.at, changed: { what: 'result', callId: `call_${i}`, result: { output: 'edited', error: null, images: [], system: null } }, forkKind: 'result', forkWorkspace: 'copy', continues: true }, session);
    }
    if (checkpoint?.before === i) push({ type: 'checkpoint', id: checkpoint.id, kind: 'step', label: `step ${i - 1}`, changed: 0 }, session);
    const own = session === id && fork;
    const messageId = `m${i}`;
    push({ type: 'turn_start', step: i }, session);
    push({ type: 'model_request', step: i, request: { provider: 'openai', model: 'gpt-x', newMessages: [] } }, session);
    push({ type: 'message_start', messageId, role: 'assistant' }, session);
    push({ type: 'message_end', messageId, role: 'assistant', content: `Step ${i}: listing the files again.`, toolCalls: [{ id: `call_${i}`, name: 'bash', arguments: `{"command":"ls dir${i}"}` }] }, session);
    push({ type: 'model_response', step: i, response: { stopReason: 'tool_calls' }, model: 'gpt-x', usage: { inputTokens: 1000 + i, outputTokens: 20, costUsd: 0.0001, ttftMs: 5, durationMs: 9 } }, session);
    push({ type: 'tool_execution_start', callId: `call_${i}`, tool: 'bash', args: { command: `ls dir${i}` }, source: 'builtin' }, session);
    push({ type: 'tool_execution_end', callId: `call_${i}`, tool: 'bash', result: { output: own ? `other-${i}.txt\n` : `file-${i}.txt\n`, error: null, images: [], system: null }, durationMs: 3 }, session);
    push({ type: 'message_end', messageId: `r${i}`, role: 'tool', content: own ? `other-${i}.txt\n` : `file-${i}.txt\n`, toolCallId: `call_${i}` }, session);
    push({ type: 'turn_end', step: i }, session);
  }
  push({ type: 'message_end', messageId: 'final', role: 'assistant', content: 'done', toolCalls: [] }, session);
  push({ type: 'agent_end', reason: 'finished' }, session);
  return out;
}

const writeSession = (home, id, events) => writeFileSync(join(home, 'sessions', `${id}.jsonl`), events.map((e) => JSON.stringify(e)).join('\n') + '\n', { mode: 0o600 });

async function forkBench() {
  const load = await bundleForBench('bench-fork', {
    'create-fork': 'session/create-fork.ts',
    'fork-start': 'fork/start.ts',
    'glassbox-session': 'session/glassbox-session.ts',
    'checkpoint-store': 'checkpoints/store.ts',
  });
  const { prepareFork } = await load('create-fork');
  const { startFork } = await load('fork-start');
  const { GlassboxSession } = await load('glassbox-session');
  const { CheckpointStore } = await load('checkpoint-store');

  const base = mkdtempSync(join(tmpdir(), 'glassbox-bench-fork-'));
  const home = join(base, 'home');
  const ws = join(base, 'ws');
  mkdirSync(join(home, 'sessions'), { recursive: true, mode: 0o700 });
  mkdirSync(ws);
  makeTree(ws);
  // The parent's checkpoint of the workspace before step AT (as the agent takes one after a step that wrote files).
  const cp = await new CheckpointStore(home, ws).take({ kind: 'step', label: `before step ${AT}` });
  const parentId = '00000000-0000-4000-8000-000000000001';
  const events = sessionEvents(parentId, STEPS, { workspace: ws, checkpoint: { before: AT, id: cp.id } });
  writeSession(home, parentId, events);
  const at = events.find((e) => e.type === 'tool_execution_end' && e.callId === `call_${AT}`).seq;

  // The same tree in a git repository, for `git worktree add`.
  const repo = join(base, 'repo');
  mkdirSync(repo);
  makeTree(repo);
  const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' };
  const git = (args) => execFileSync('git', args, { cwd: repo, stdio: 'pipe', env: gitEnv });
  git(['init', '-q']);
  git(['add', '-A']);
  git(['commit', '-qm', 'base']);

  const env = { ...process.env, GLASSBOX_HOME: home, GLASSBOX_DISABLE_BROWSER: '1', GLASSBOX_LLM_PROVIDER: 'openai', GLASSBOX_LLM_MODEL: 'gpt-x', GLASSBOX_LLM_BASE_URL: 'http://127.0.0.1:9/v1', GLASSBOX_LLM_API_KEY: 'x' };
  /** One fork: ms to each phase's end and to the first model request. */
  async function fork() {
    let first = 0;
    let firstBody = null;
    const provider = {
      provider: 'openai',
      model: 'gpt-x',
      endpoint: 'in-process',
      async complete(req) {
        if (!first) {
          first = performance.now();
          firstBody = req;
        }
        return { text: 'done', toolCalls: [] };
      },
    };
    const t0 = performance.now();
    const files = await prepareFork({ parent: parentId, at, change: { what: 'result', callId: '', result: { output: 'EDITED', error: null, images: [], system: null } }, workspace: 'copy' }, { env, workspace: ws });
    const t1 = performance.now();
    const session = await GlassboxSession.create({ env, workspace: files.workspace.dir, sessionId: files.forkId, resume: true, provider, withMcp: false, withExtensions: false, defaultApproveMode: 'auto' });
    const t2 = performance.now();
    const result = await startFork(session, files);
    // The rest of the files are written while the model works (tools wait for them): done here.
    await files.workspace.ready;
    const t3 = performance.now();
    await session.dispose();
    if (result.reason !== 'finished') throw new Error(`the fork ended ${result.reason}`);
    if (files.workspace.files !== FILES) throw new Error(`the fork's copy holds ${files.workspace.files} files, not ${FILES}`);
    const tool = firstBody.messages.filter((m) => m.role === 'tool').at(-1);
    if (!JSON.stringify(tool).includes('EDITED')) throw new Error('the first request does not hold the edited result');
    rmSync(join(home, 'state', 'forks', files.forkId), { recursive: true, force: true });
    rmSync(join(home, 'sessions', `${files.forkId}.jsonl`), { force: true });
    return { prepare: t1 - t0, open: t2 - t1, toRequest: first - t0, copied: t3 - t0 };
  }
  function worktree(r) {
    const dir = join(base, `wt${r}`);
    const t0 = performance.now();
    git(['worktree', 'add', '-q', '--detach', dir, 'HEAD']);
    const ms = performance.now() - t0;
    git(['worktree', 'remove', '--force', dir]);
    return ms;
  }

  await fork(); // warm-up: module code and the first checkpoint store open
  worktree('warm');
  const forks = [];
  const trees = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (r % 2) {
      trees.push(worktree(r));
      forks.push(await fork());
    } else {
      forks.push(await fork());
      trees.push(worktree(r));
    }
  }
  rmSync(base, { recursive: true, force: true });
  return { forks, trees };
}

/** Chromium: Compare with parent → the compare summary painted, `n` times. */
async function compareBench(n = 5) {
  const { chromium } = await import('playwright-core');
  const { startWebHost } = await import('./web-host.mjs');
  const base = mkdtempSync(join(tmpdir(), 'glassbox-bench-compare-'));
  const home = join(base, 'home');
  const ws = join(base, 'ws');
  mkdirSync(join(home, 'sessions'), { recursive: true, mode: 0o700 });
  mkdirSync(ws);
  const parent = '00000000-0000-4000-8000-0000000000a1';
  const forkId = '00000000-0000-4000-8000-0000000000b2';
  const parentEvents = sessionEvents(parent, STEPS);
  writeSession(home, parent, parentEvents);
  const cut = parentEvents.find((e) => e.type === 'turn_start' && e.step === AT).seq;
  const forkEvents = sessionEvents(forkId, STEPS, { fork: { parent, at: cut, cutSeq: cut } });
  writeSession(home, forkId, forkEvents);
  const env = { ...process.env, GLASSBOX_HOME: home, GLASSBOX_DISABLE_BROWSER: '1', GLASSBOX_LLM_PROVIDER: 'openai', GLASSBOX_LLM_MODEL: 'none', GLASSBOX_LLM_BASE_URL: 'http://127.0.0.1:9/v1', GLASSBOX_LLM_API_KEY: 'x' };
  const { child, url } = await startWebHost(['--workspace', ws, '--session', forkId], env);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    // The sidebar's ⇄ on the parent compares it with the open fork (the fork's banner, 100 steps up
    // the conversation, is not rendered until scrolled to).
    await page.getByTestId('tool-call-card').first().waitFor({ timeout: 120_000 });
    await page.locator('[data-testid="compare-session"]').first().waitFor({ state: 'attached', timeout: 120_000 });
    const paints = [];
    let summary = '';
    for (let r = 0; r < n; r++) {
      // Click → the summary's text painted, as the browser records it (elementtiming on the summary).
      const ms = await page.evaluate(
        () =>
          new Promise((resolve) => {
            let t0 = 0;
            new PerformanceObserver((list, obs) => {
              const hit = list.getEntries().find((e) => e.identifier === 'compare-summary' && e.renderTime > t0);
              if (!hit) return;
              obs.disconnect();
              resolve(hit.renderTime - t0);
            }).observe({ type: 'element' });
            t0 = performance.now();
            document.querySelector('[data-testid="compare-session"]').click();
          }),
      );
      paints.push(ms);
      summary = await page.getByTestId('compare-summary').innerText();
      await page.getByTestId('compare-close').click();
      await page.getByTestId('compare-view').waitFor({ state: 'detached' });
    }
    return { paints, summary };
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    rmSync(base, { recursive: true, force: true });
  }
}

const load0 = loadavg()[0];
const f = (xs) => `${median(xs).toFixed(0)} ms (${range(xs)})`;
if (FORK) {
const { forks, trees } = await forkBench();
const toRequest = forks.map((x) => x.toRequest);
console.log(`fork at step ${AT} of a ${STEPS}-step session, ${FILES}-file workspace restored from its checkpoint, ${ROUNDS} rounds (medians, load average ${load0.toFixed(1)} at the start)`);
console.log(`  prepare (plan, its config folders copied, the fork's file): ${f(forks.map((x) => x.prepare))}`);
console.log(`  open the fork's session:                          ${f(forks.map((x) => x.open))}`);
console.log(`  → the fork's first model request:                 ${f(toRequest)}   target ≤ 300 ms: ${median(toRequest) <= 300 ? 'met' : 'NOT met'}`);
console.log(`  all ${FILES} files written (tools wait for this):   ${f(forks.map((x) => x.copied))}`);
console.log(`  git worktree add of the same tree:                ${f(trees)}   first request / worktree ${(median(toRequest) / median(trees)).toFixed(2)}×, all files / worktree ${(median(forks.map((x) => x.copied)) / median(trees)).toFixed(2)}×`);
}
if (UI) {
  const { paints, summary } = await compareBench();
  console.log(`compare view, two ${STEPS}-step sessions (parent and its fork at step ${AT}), Chromium via glassbox web`);
  console.log(`  click → summary painted: first ${paints[0].toFixed(0)} ms, median ${median(paints).toFixed(0)} ms (${range(paints)})   "${summary}"`);
}
console.log(`load average at the end: ${loadavg()[0].toFixed(1)}`);
process.exit(0);
