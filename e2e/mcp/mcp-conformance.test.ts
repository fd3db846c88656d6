import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startGlassbox, tempGlassbox } from '../helpers/cli';

const CONFORMANCE = join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const JITI = join(ROOT, 'node_modules', '.bin', 'jiti');
const ADAPTER = join(ROOT, 'e2e', 'mcp', 'fixtures', 'conformance-client-adapter.ts');

function runConformance(args: string[], timeoutMs = 240_000): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CONFORMANCE, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** `✓ name: N passed, 0 failed` lines of the suite's summary. */
function summary(out: string): Map<string, { passed: number; failed: number }> {
  const m = new Map<string, { passed: number; failed: number }>();
  const plain = out.replace(/\u001b\[[0-9;]*m/g, '');
  for (const line of plain.split('\n')) {
    const r = /^[✓✗] (\S+): (\d+) passed, (\d+) failed/.exec(line.trim());
    if (r) m.set(r[1], { passed: Number(r[2]), failed: Number(r[3]) });
  }
  return m;
}

/** Scenarios about what Glassbox serves: protocol and every kind of tool result. */
const REQUIRED = [
  'server-initialize',
  'ping',
  'tools-list',
  'dns-rebinding-protection',
  'server-sse-multiple-streams',
  'logging-set-level',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-error',
  'tools-call-with-logging',
  'tools-call-with-progress',
];

describe('official MCP conformance suite 0.1.13', () => {
  let child: ChildProcess;
  let url = '';
  beforeAll(async () => {
    const t = tempGlassbox();
    mkdirSync(join(t.home, 'extensions'), { recursive: true });
    mkdirSync(t.workspace, { recursive: true });
    cpSync(join(ROOT, 'e2e', 'fixtures', 'conformance-extension'), join(t.home, 'extensions', 'conformance-extension'), { recursive: true });
    const s = await startGlassbox(['mcp', 'serve', '--http', '--port', '0', '--token', 'conformance-token'], { env: t.env, cwd: t.workspace, timeoutMs: 60_000 });
    child = s.child;
    // The suite's raw requests carry no Authorization header: the token rides in the URL.
    url = `${s.firstLine.replace('Glassbox MCP: ', '')}?token=conformance-token`;
  }, 90_000);
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('server mode over --http: protocol and tool-content scenarios pass', async () => {
    const { out } = await runConformance(['server', '--url', url]);
    const results = summary(out);
    const failing = REQUIRED.filter((s) => !results.get(s) || results.get(s)!.failed > 0 || results.get(s)!.passed === 0);
    expect(failing, out.slice(-4000)).toEqual([]);
  }, 300_000);

  it.each(['initialize', 'tools_call'])('client mode %s passes through Glassbox’s McpManager', async (scenario) => {
    const { code, out } = await runConformance(['client', '--command', `${JITI} ${ADAPTER}`, '--scenario', scenario, '--timeout', '60000']);
    expect(out, out).toMatch(/OVERALL: PASSED/);
    expect(code).toBe(0);
  }, 120_000);
});
