// @lane integration
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { killProcess } from './kill-process';

// Real child processes: how a stdio server is stopped (the MCP lifecycle's shutdown order).

function child(script: string) {
  const p = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  p.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => p.once('exit', (code, signal) => r({ code, signal })));
  return { p, exited, out: () => out };
}

async function ready(c: ReturnType<typeof child>): Promise<void> {
  await expect.poll(() => c.out(), { timeout: 20_000 }).toContain('ready');
}

describe('killProcess', () => {
  it('closes stdin first: a server that exits on EOF finishes its work and exits by itself, never signalled', async () => {
    // Takes 300 ms after EOF to "flush" — SIGTERM first would have cut this short.
    const c = child(`process.stdin.resume(); process.stdin.on('end', () => setTimeout(() => { process.stdout.write('flushed'); process.exit(0); }, 300)); process.stdout.write('ready');`);
    await ready(c);
    await killProcess(c.p, 10_000);
    expect(await c.exited).toEqual({ code: 0, signal: null });
    expect(c.out()).toContain('flushed');
  });

  it('sends SIGTERM to a server that ignores EOF, after the grace period', async () => {
    const c = child(`process.stdin.resume(); process.stdin.on('end', () => {}); setInterval(() => {}, 1000); process.stdout.write('ready');`);
    await ready(c);
    await killProcess(c.p, 200);
    expect(await c.exited).toEqual({ code: null, signal: 'SIGTERM' });
  });

  it('sends SIGKILL to one that ignores EOF and SIGTERM too', async () => {
    const c = child(`process.on('SIGTERM', () => {}); process.stdin.resume(); process.stdin.on('end', () => {}); setInterval(() => {}, 1000); process.stdout.write('ready');`);
    await ready(c);
    await killProcess(c.p, 200);
    expect(await c.exited).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('returns at once for a process already gone', async () => {
    const c = child(`process.exit(3)`);
    expect(await c.exited).toEqual({ code: 3, signal: null });
    await killProcess(c.p, 60_000);
    await killProcess(undefined);
  });
});
