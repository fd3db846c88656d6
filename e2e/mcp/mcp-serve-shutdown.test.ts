import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startOtlpHttpReceiver, type OtlpReceiver } from '../fixtures/otlp-receiver';
import { BIN, tempGlassbox } from '../helpers/cli';

// How `glassbox mcp serve` ends over stdio. A client closing it ends its stdin, then sends
// SIGTERM when its grace period is over (the SDK's is 2 s). A SIGTERM that came while it was still
// shutting down killed it there, before its last spans were sent (the old code died of the
// SIGTERM in this test).

const receivers: OtlpReceiver[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});

/** `glassbox mcp serve` over stdio exporting to `receiver`, initialized, after one served `str_replace_editor` call. */
async function serveOneCall(receiver: OtlpReceiver) {
  const t = tempGlassbox();
  mkdirSync(t.workspace, { recursive: true });
  writeFileSync(join(t.workspace, 'hello.txt'), 'hello\n');
  const child = spawn(process.execPath, [BIN, 'mcp', 'serve', '--approve', 'auto', '--tools', 'str_replace_editor'], {
    cwd: t.workspace,
    env: { ...t.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_SERVICE_NAME: 'glassbox-mcp', OTEL_BSP_EXPORT_TIMEOUT: '60000' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
  const err = { text: '' };
  child.stderr.on('data', (d: Buffer) => (err.text += d.toString()));
  // Newline-delimited JSON-RPC, as the stdio transport speaks it.
  const answers = new Map<number, (m: { result?: unknown; error?: unknown }) => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const m = JSON.parse(line) as { id?: number; result?: unknown; error?: unknown };
    if (typeof m.id === 'number') answers.get(m.id)?.(m);
  });
  let nextId = 1;
  const ask = (method: string, params: unknown) =>
    new Promise<{ result?: unknown; error?: unknown }>((resolve) => {
      const id = nextId++;
      answers.set(id, resolve);
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
    });
  const init = await ask('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'closing-client', version: '1' } });
  expect(init.error).toBeUndefined();
  child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
  const view = (await ask('tools/call', { name: 'str_replace_editor', arguments: { command: 'view', path: 'hello.txt' } })) as { result?: { isError?: boolean; content: Array<{ text?: string }> } };
  expect(view.result?.isError, JSON.stringify(view)).toBeFalsy();
  expect(view.result?.content[0]?.text).toContain('hello');
  return { child, exited, stderr: () => err.text };
}

describe('glassbox mcp serve, stopped over stdio', { timeout: 120_000 }, () => {
  it('SIGTERMs during its shutdown do not cut it short: it exits 0 and the spans of what it served arrive', async () => {
    const receiver = await startOtlpHttpReceiver();
    receivers.push(receiver);
    const { child, exited, stderr } = await serveOneCall(receiver);

    // A client whose grace period ends at once: stdin ended, then SIGTERM, again and again until
    // it is gone (one lands in every part of its shutdown, up to its exit).
    child.stdin.end();
    const terms = setInterval(() => child.kill('SIGTERM'), 10);
    const how = await exited.finally(() => clearInterval(terms));
    expect(how, stderr()).toEqual({ code: 0, signal: null });
    expect(receiver.spans.map((s) => s.name)).toContain('execute_tool str_replace_editor');
  });

  it('a second Ctrl-C ends a shutdown that waits (a collector that does not answer) at once', async () => {
    const receiver = await startOtlpHttpReceiver();
    receivers.push(receiver);
    const { child, exited, stderr } = await serveOneCall(receiver);
    receiver.stall(true);
    child.kill('SIGINT');
    // Its last spans wait for the stalled collector (up to 60 s): still running.
    const early = await Promise.race([exited, new Promise((r) => setTimeout(() => r('running'), 1_000))]);
    expect(early, stderr()).toBe('running');
    child.kill('SIGINT');
    expect(await exited).toEqual({ code: 130, signal: null });
  });
});
