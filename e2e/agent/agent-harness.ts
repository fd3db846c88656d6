import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startScriptedModelServer, type ScriptedModelServer, type ScriptedTurn } from '../fixtures/scripted-model-server';
import { afterEach, vi } from 'vitest';
import { BIN, ROOT, runGlassbox, tempGlassbox, type CliRun } from '../helpers/cli';

/** The two wire formats every agent test runs against. */
export const WIRES = ['openai', 'anthropic'] as const;
/** One of {@link WIRES}. */
export type Wire = (typeof WIRES)[number];

/** A temp home + workspace, a scripted model and the env pointing Glassbox at it. */
export interface AgentFixture {
  home: string;
  workspace: string;
  env: NodeJS.ProcessEnv;
  model: ScriptedModelServer;
  wire: Wire;
}

/** The API key the tests use; it must never show up in output or session files. */
export const TEST_KEY = 'sk-test-SECRET-0123456789';

/** Starts a scripted model and prepares a fresh GLASSBOX_HOME and workspace. */
export async function agentFixture(wire: Wire, script: ScriptedTurn[]): Promise<AgentFixture> {
  const t = tempGlassbox();
  mkdirSync(t.workspace, { recursive: true });
  mkdirSync(t.home, { recursive: true });
  const model = await startScriptedModelServer(script);
  const env: NodeJS.ProcessEnv = {
    ...t.env,
    GLASSBOX_LLM_PROVIDER: wire,
    GLASSBOX_LLM_BASE_URL: wire === 'openai' ? model.openaiBaseURL : model.anthropicBaseURL,
    GLASSBOX_LLM_MODEL: 'scripted',
    GLASSBOX_LLM_API_KEY: TEST_KEY,
    GLASSBOX_LLM_MAX_RETRIES: '2',
  };
  delete env.OPENAI_API_KEY;
  delete env.ANTHROPIC_API_KEY;
  return { home: t.home, workspace: t.workspace, env, model, wire };
}

/** A parsed event line of `--json` output. */
export type JsonEvent = Record<string, unknown> & { type: string; seq: number; session: string };

/** Parses JSON Lines; throws on a line that is not JSON (the contract says every line is). */
export function parseJsonLines(text: string): JsonEvent[] {
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as JsonEvent);
}

/** Generous limit for one CLI run: the machine running the suite may be heavily loaded. */
/**
 * Registers the cleanup hook of a test file and returns `agentFixture` for it: every model
 * server it starts is closed after its test.
 */
export function useAgentFixtures(): typeof agentFixture {
  const fixtures: AgentFixture[] = [];
  afterEach(async () => {
    await Promise.all(fixtures.splice(0).map((f) => f.model.close()));
  });
  return async (...a) => {
    const f = await agentFixture(...a);
    fixtures.push(f);
    return f;
  };
}

export const CLI_TIMEOUT_MS = 200_000;

/** Runs `glassbox run --json TASK ARGS` in the fixture's workspace. */
export async function runJson(f: AgentFixture, task: string, args: string[] = [], timeoutMs = 200_000): Promise<CliRun & { events: JsonEvent[] }> {
  const r = await runGlassbox(['run', task, '--json', '--workspace', f.workspace, ...args], { env: f.env, cwd: f.workspace, timeoutMs });
  let events: JsonEvent[];
  try {
    events = parseJsonLines(r.stdout);
  } catch (err) {
    throw new Error(`stdout is not JSON Lines: ${(err as Error).message}\n${r.stdout}\nstderr: ${r.stderr}`);
  }
  return { ...r, events };
}

/** Events of one type. */
export function ofType(events: JsonEvent[], type: string): JsonEvent[] {
  return events.filter((e) => e.type === type);
}

/** The session file of a run. */
export function sessionFile(f: AgentFixture, id: string): string {
  return join(f.home, 'sessions', `${id}.jsonl`);
}

/** The non-empty lines of a session file. */
export function readSessionLines(f: AgentFixture, id: string): string[] {
  return readFileSync(sessionFile(f, id), 'utf8').split('\n').filter((l) => l.trim());
}

/** Spawns `glassbox ARGS` without waiting; stdout lines are collected as they come. */
export function spawnGlassbox(args: string[], f: AgentFixture): { child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: f.workspace ?? ROOT, env: f.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  child.stdin!.end();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Waits until `check` is true (vi.waitFor, every 50 ms), or fails with `what`. */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

/** The text of every message the model was sent in request `i`, flattened (both wire formats). */
export function requestText(f: AgentFixture, i: number): string {
  const body = f.model.requests[i]?.body;
  if (!body) throw new Error(`no model request #${i} (got ${f.model.requests.length})`);
  return JSON.stringify(body.messages);
}
