// @lane integration: a real Python interpreter
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { REDACTED, SecretRedactor } from '../../secrets/redactor';
import type { ToolContext } from '../tool';
import { PythonExecuteTool } from './execute-tool';

// python_execute's live output (tool_execution_update) with the session's secrets, against a real
// python3: a key printed in two pieces lands in two batches, and neither may carry a piece of it.

vi.setConfig({ testTimeout: 60_000 });

const KEY = 'sk-py-0123456789abcdef';
const tools: PythonExecuteTool[] = [];
afterAll(async () => {
  for (const t of tools) await t.dispose();
});

function liveContext(updates: string[]): ToolContext {
  return {
    signal: new AbortController().signal,
    workspace: tmpdir(),
    home: tmpdir(),
    callId: 'live',
    emit: (e) => {
      if (e.type === 'tool_execution_update' && e.callId === 'live') updates.push(e.message ?? '');
    },
  };
}

/** Prints the key in two pieces with a pause longer than the 200 ms batching between them. */
const CODE = `import os, sys, time
k = os.environ["PY_TEST_KEY"]
print("key=" + k[:9], end="", flush=True)
time.sleep(0.6)
print(k[9:] + " ok", flush=True)
time.sleep(0.3)
print("tail sk-py", end="", flush=True)`;

describe('python_execute live output with secrets', () => {
  it('never streams a piece of a key printed across two batches; the updates join to the redacted output', async () => {
    const tool = new PythonExecuteTool({ workspace: tmpdir(), env: { ...process.env, PY_TEST_KEY: KEY }, redactor: new SecretRedactor([KEY]) });
    tools.push(tool);
    const updates: string[] = [];
    const r = await tool.execute({ code: CODE }, liveContext(updates));
    // The model gets what was printed (it asked for it); the trace and the window redact the result whole.
    expect(r.output).toBe(`key=${KEY} ok\ntail sk-py`);
    expect(updates.length).toBeGreaterThanOrEqual(2);
    expect(updates.join('')).toBe(`key=${REDACTED} ok\ntail sk-py`);
    for (const u of updates) expect(u).not.toMatch(/sk-py-|0123|abcdef/);
  });

  it('streams as printed without secrets', async () => {
    const tool = new PythonExecuteTool({ workspace: tmpdir(), env: { ...process.env, PY_TEST_KEY: KEY } });
    tools.push(tool);
    const updates: string[] = [];
    const r = await tool.execute({ code: CODE }, liveContext(updates));
    expect(updates.join('')).toBe(r.output);
    expect(updates.join('')).toContain(KEY);
  });
});
