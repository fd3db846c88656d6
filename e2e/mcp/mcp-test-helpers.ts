import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GlassboxConfig } from '../../src-main/core/config/config';
import { EventBus } from '../../src-main/core/events/event-bus';
import type { GlassboxEvent } from '../../src-shared/events/event-types';
import { McpManager } from '../../src-main/core/mcp/client/manager';
import type { McpManagerOptions } from '../../src-main/core/mcp/client/manager-types';
import type { HumanAnswer, HumanInputPort, HumanQuestion, ToolContext } from '../../src-main/core/tools/tool';
import { ToolCollection } from '../../src-main/core/tools/tool-collection';
import { vi } from 'vitest';
import { ROOT } from '../helpers/cli';

/** server-everything's entry (stdio | sse | streamableHttp as first argument). */
export const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
/** server-filesystem's entry (allowed directories as arguments). */
export const FILESYSTEM = join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Starts server-everything over HTTP (`sse` or `streamableHttp`) and waits until it listens. */
export async function startEverythingHttp(mode: 'sse' | 'streamableHttp'): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING, mode], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server-everything ${mode} did not start: ${err}`)), 30_000);
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      if (/listening on port|running on port/i.test(err)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited ${code}: ${err}`)));
  });
  return { child, port };
}

/** A manager over a fresh tool table and bus, recording every event. */
export function makeManager(config: GlassboxConfig, env: NodeJS.ProcessEnv = { ...process.env, GLASSBOX_DISABLE_BROWSER: '1' }, extra: Partial<McpManagerOptions> = {}) {
  const base = mkdtempSync(join(tmpdir(), 'glassbox-mcp-'));
  const workspace = join(base, 'ws');
  mkdirSync(workspace, { recursive: true });
  const tools = new ToolCollection();
  const bus = new EventBus('test-session');
  const events: GlassboxEvent[] = [];
  bus.subscribe('*', (e) => {
    events.push(e);
  });
  const manager = new McpManager({ config, userConfigPath: join(base, 'home', 'config.json'), tools, bus, workspace, env, ...extra });
  return { manager, tools, bus, events, workspace, base, configPath: join(base, 'home', 'config.json') };
}

/** A tool context whose events go to `bus`. */
export function ctxFor(bus: EventBus, workspace: string, callId = `call_${Math.random().toString(36).slice(2)}`, signal = new AbortController().signal): ToolContext {
  return { signal, workspace, home: workspace, callId, emit: (e) => bus.emit(e) };
}

/** True while a process with this pid exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls (vi.waitFor, every 100 ms) until `fn` returns truthy, and returns that; fails with `what` when the time is up. */
export async function waitFor<T>(fn: () => T | undefined | null | false, timeoutMs = 30_000, what = 'condition'): Promise<T> {
  return vi.waitFor(
    () => {
      const v = fn();
      if (!v) throw new Error(`timed out waiting for ${what}`);
      return v;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

/** e2e/mcp/fixtures/two-era-server.mjs: serves 2026-07-28 and 2025-11-25 on one URL. */
export const TWO_ERA = join(ROOT, 'e2e/mcp/fixtures/two-era-server.mjs');

/** Starts the two-era fixture server and waits for its URL. */
export async function startTwoEra(args: string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [TWO_ERA, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`two-era server did not start: ${err}`)), 20_000);
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.once('exit', (code) => reject(new Error(`two-era server exited ${code}: ${err}`)));
  });
  return { child, url };
}

/** A human port that answers every question with `answer` and records what it was asked. */
export function scriptedPort(answer: (q: HumanQuestion) => HumanAnswer | Promise<HumanAnswer>): HumanInputPort & { asked: HumanQuestion[] } {
  const asked: HumanQuestion[] = [];
  return {
    asked,
    ask: async (q) => {
      asked.push(q);
      return answer(q);
    },
  };
}
