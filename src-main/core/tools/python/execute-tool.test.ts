// @lane integration: a real Python interpreter, bwrap
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alive, descendantsWith, uniqueSleepSeconds } from '../../../../test/process-tree';
import type { ToolContext } from '../tool';
import { ToolCollection } from '../tool-collection';
import { clipMiddle, PythonExecuteTool, type PythonToolConfig } from './execute-tool';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Sandbox } from '../../sandbox/sandbox';
import { DEFAULT_SANDBOX_CONFIG } from '../../sandbox/config';
import { bwrapUnavailable } from '../../sandbox/test-kit';
import type { PythonInterpreterOptions } from './interpreter';

// Every behaviour test runs twice: as this process runs, and inside the OS sandbox (bubblewrap).
const sandbox = new Sandbox({ config: DEFAULT_SANDBOX_CONFIG, workspace: tmpdir(), glassboxHome: join(tmpdir(), 'gb-no-home'), env: process.env });
const modes: Array<[string, PythonInterpreterOptions['sandbox']]> = [['unsandboxed', undefined]];
const noBwrap = bwrapUnavailable();
if (!noBwrap) modes.push(['sandboxed', sandbox]);
// Listed as skipped, with the reason, where the sandbox cannot run.
else describe.skip(`python_execute (sandboxed: skipped, ${noBwrap})`, () => it('every test here again, inside the sandbox', () => undefined));

const tools: PythonExecuteTool[] = [];
afterEach(async () => {
  await Promise.all(tools.splice(0).map((t) => t.dispose()));
});

function makeTool(config: PythonToolConfig = {}, confinement?: PythonInterpreterOptions['sandbox']): {
  tool: PythonExecuteTool;
  run: (args: Record<string, unknown>, signal?: AbortSignal) => ReturnType<PythonExecuteTool['execute']>;
} {
  const tool = new PythonExecuteTool({ workspace: tmpdir(), config, sandbox: confinement });
  tools.push(tool);
  const collection = new ToolCollection([tool]);
  const run = (args: Record<string, unknown>, signal = new AbortController().signal) =>
    collection.execute('python_execute', args, { signal, workspace: tmpdir(), home: tmpdir(), callId: 'c' } satisfies ToolContext);
  return { tool, run };
}

/** Part of every interpreter's command line (python3 -u -c <bootstrap> <driver>). */
const PYTHON_DRIVER_MARK = '_chan_in = os.fdopen(3';

describe.each(modes)('python_execute (real python3, %s)', (mode, confinement) => {
  const make = (config: PythonToolConfig = {}): ReturnType<typeof makeTool> => makeTool(config, confinement);
  it('runs in the mode it says', () => {
    expect(mode === 'sandboxed' ? sandbox.state().active : true).toBe(true);
  });

  it('keeps variables between calls and shows a trailing expression like a notebook', async () => {
    const { run } = make();
    const a = await run({ code: 'import math\nx = 40\nprint("set x")\nx + 2' });
    expect(a.error).toBeUndefined();
    expect(a.output).toBe('set x\n42');
    const b = await run({ code: 'def sq(n):\n    return n * n\nsq(x)' });
    expect(b.output).toBe('1600');
    const c = await run({ code: 'print(math.pi > 3)\nNone' });
    expect(c.output).toBe('True\n');
    const d = await run({ code: '{"k": [1, 2]}' });
    expect(d.output).toBe("{'k': [1, 2]}");
  });

  it('captures stdout and stderr in the order they were written, including subprocesses', async () => {
    const { run } = make();
    const r = await run({
      code: 'import sys, subprocess\nprint("one")\nprint("two", file=sys.stderr)\nprint("three")\nsubprocess.run("echo four; echo five >&2", shell=True)\nNone',
    });
    // print() output keeps its order; a subprocess writes to its own pipe, so only presence is sure.
    expect(r.output?.replace(/four\n|five\n/g, '')).toBe('one\ntwo\nthree\n');
    expect(r.output).toContain('four\n');
    expect(r.output).toContain('five\n');
    expect(r.metadata?.stdout).toMatch(/^one\nthree\n/);
    expect(r.metadata?.stderr).toMatch(/^two\n/);
  });

  it('returns the full traceback on error, keeps output printed before it', async () => {
    const { run } = make();
    const r = await run({ code: 'print("start")\ndef inner():\n    return {}["missing"]\ndef outer():\n    return inner()\nouter()' });
    expect(r.output).toBe('start\n');
    expect(r.error).toMatch(/^Traceback \(most recent call last\):/);
    expect(r.error).toMatch(/File "<cell \d+>", line 6, in <module>\n\s+outer\(\)/);
    expect(r.error).toMatch(/line 5, in outer\n\s+return inner\(\)/);
    expect(r.error).toMatch(/line 3, in inner/);
    expect(r.error).toMatch(/KeyError: 'missing'$/);
    expect(r.error).not.toContain('<glassbox>');
  });

  it('reports a syntax error with the caret, not driver internals', async () => {
    const { run } = make();
    const r = await run({ code: 'x = (1,\nprint(x' });
    expect(r.error).toMatch(/SyntaxError/);
    expect(r.error).toContain('<cell');
    expect(r.error).not.toContain('ast.py');
  });

  it('interrupts on timeout with KeyboardInterrupt and keeps earlier variables', async () => {
    const { run } = make();
    await run({ code: 'kept = "still here"' });
    // The sleep outlasts the test's timeout: only the tool's interrupt ends it in time.
    const r = await run({ code: 'import time\nprint("working", flush=True)\ntime.sleep(600)', timeout: 1 });
    expect(r.output).toBe('working\n');
    expect(r.error).toMatch(/^Execution timed out after 1 s and was interrupted \(KeyboardInterrupt\)/);
    expect(r.error).toContain('KeyboardInterrupt');
    expect((await run({ code: 'kept' })).output).toBe("'still here'");
  });

  it('kills and restarts a process that ignores the interrupt, says so, and kills its children', async () => {
    const { run } = make({ interruptGraceMs: 300 });
    await run({ code: 'lost = 1' });
    const seconds = uniqueSleepSeconds();
    const running = run({
      code:
        `import subprocess, time\nchild = subprocess.Popen(["sh", "-c", "trap '' INT; sleep ${seconds}"])\nprint(child.pid, flush=True)\n` +
        'while True:\n    try:\n        time.sleep(0.05)\n    except KeyboardInterrupt:\n        pass',
      timeout: 1,
    });
    // The child, caught while it is still in this process's tree (the interpreter's kill orphans it).
    const sleepers = await vi.waitFor(
      () => {
        const found = descendantsWith(process.pid, `sleep ${seconds}`);
        if (found.length === 0) throw new Error('the child has not started yet');
        return found;
      },
      { timeout: 20_000, interval: 20 },
    );
    const r = await running;
    expect(r.error).toMatch(/Python did not stop on the interrupt, so the process was killed/);
    expect(r.error).toMatch(/All variables were lost/);
    const childPid = Number(r.output?.trim());
    expect(childPid).toBeGreaterThan(0);
    // Not the printed pid: inside the sandbox that is the namespace's own.
    await expect.poll(() => sleepers.filter(alive), { timeout: 10_000 }).toEqual([]);
    const next = await run({ code: 'lost' });
    expect(next.system).toMatch(/started a fresh one/);
    expect(next.error).toMatch(/NameError: name 'lost' is not defined/);
  });

  it('the run signal interrupts the same way', async () => {
    const { run } = make();
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 500);
    const r = await run({ code: 'import time\ntime.sleep(30)' }, ac.signal);
    expect(r.error).toMatch(/^Execution was cancelled and was interrupted \(KeyboardInterrupt\)/);
  });

  it('reset: true starts over', async () => {
    const { run } = make();
    await run({ code: 'gone = 5' });
    const r = await run({ code: 'print("gone" in globals())', reset: true });
    expect(r.output).toBe('False\n');
    expect(r.system).toBe('Python process restarted: all variables were cleared.');
    const onlyReset = await run({ code: '', reset: true });
    expect(onlyReset.output).toBe('Python process reset.');
  });

  it('input() fails fast instead of hanging (stdin is closed)', async () => {
    const { run } = make();
    const r = await run({ code: 'input("name? ")', timeout: 20 });
    expect(r.error).toMatch(/EOFError/);
    expect(r.metadata?.stopped).toBeNull();
  });

  it('survives the process exiting mid-call and SystemExit', async () => {
    const { run } = make();
    const sys = await run({ code: 'import sys\nsys.exit(3)' });
    expect(sys.error).toMatch(/SystemExit: 3/);
    expect((await run({ code: '1 + 1' })).output).toBe('2');
    const dead = await run({ code: 'import os\nos._exit(7)' });
    expect(dead.error).toBe('The Python process ended during execution (exit code 7); the next call starts a fresh one. All variables were lost.');
    const again = await run({ code: '"back"' });
    expect(again.output).toBe("'back'");
    expect(again.system).toMatch(/started a fresh one/);
  });

  it('clips long output keeping head and tail', async () => {
    const { run } = make({ maxOutputChars: 2000 });
    const r = await run({ code: 'for i in range(5000):\n    print("line", i)' });
    expect(r.output).toMatch(/^line 0\nline 1\n/);
    expect(r.output).toMatch(/line 4999\n$/);
    expect(r.output).toMatch(/\[\.\.\. \d+ characters \(\d+ lines\) omitted \.\.\.\]/);
    expect((r.metadata?.stdout as string).length).toBeGreaterThan(40_000);
  });

  it('says clearly when python3 is missing', async () => {
    const { run } = make({ command: 'python3-does-not-exist-here' });
    const r = await run({ code: '1' });
    expect(r.error).toMatch(/^python3-does-not-exist-here was not found on PATH\. python_execute needs Python 3/);
  });

  it('says in its description what the sandbox confines', () => {
    expect(make().tool.description).toMatch(/OS sandbox as bash .*write only in the workspace and the temp dir.*no network unless/s);
  });
});

describe('clipMiddle', () => {
  it('leaves short text alone and marks what it cut', () => {
    expect(clipMiddle('abc', 10)).toBe('abc');
    const clipped = clipMiddle('x'.repeat(100), 10);
    expect(clipped).toBe('xxxxxx\n[... 90 characters (0 lines) omitted ...]\nxxxx');
  });
});

describe('python_execute live output', () => {
  it('streams what is printed while the code still runs, batched into few events', async () => {
    const tool = new PythonExecuteTool({ workspace: tmpdir() });
    tools.push(tool);
    const updates: Array<{ at: number; message: string }> = [];
    const ctx: ToolContext = {
      signal: new AbortController().signal,
      workspace: tmpdir(),
      home: tmpdir(),
      callId: 'live',
      emit: (e) => {
        if (e.type === 'tool_execution_update' && e.callId === 'live') updates.push({ at: Date.now(), message: e.message ?? '' });
      },
    };
    await tool.execute({ code: '1' }, ctx); // start the interpreter outside the timing
    updates.length = 0;
    const r = await tool.execute({ code: 'import time\nfor i in range(300):\n    print("row", i)\ntime.sleep(2.5)\nprint("done")' }, ctx);
    const end = Date.now();
    expect(r.output).toMatch(/^row 0\n[\s\S]*row 299\ndone\n$/);
    // The rows arrived well before the 2.5 s sleep ended…
    const firstRows = updates.find((u) => u.message.includes('row 299'));
    expect(firstRows).toBeDefined();
    expect(end - (firstRows as { at: number }).at).toBeGreaterThan(1500);
    // …in a handful of events, not one per line.
    expect(updates.length).toBeLessThan(10);
    expect(updates.map((u) => u.message).join('')).toBe(r.output);
  });
});

describe.each(modes)('python_execute when Glassbox dies (%s)', (mode) => {
  it('the interpreter (and its children) exit even if the host is killed with SIGKILL mid-run', async () => {
    const { spawn } = await import('node:child_process');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join, resolve } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'gb-py-orphan-'));
    const script = join(dir, 'host.ts');
    const toolPath = resolve(__dirname, 'execute-tool.ts');
    const sandboxPath = resolve(__dirname, '../../sandbox/sandbox.ts');
    const token = uniqueSleepSeconds();
    writeFileSync(
      script,
      `import { PythonExecuteTool } from ${JSON.stringify(toolPath)};
import { Sandbox } from ${JSON.stringify(sandboxPath)};
const sandbox = ${mode === 'sandboxed'} ? new Sandbox({ config: { mode: 'workspace-write', network: false, writableRoots: [] }, workspace: ${JSON.stringify(dir)}, glassboxHome: '/nonexistent', env: process.env }) : undefined;
const t = new PythonExecuteTool({ workspace: ${JSON.stringify(dir)}, sandbox });
void t.execute({ code: 'import os, subprocess, time\\nc = subprocess.Popen(["sleep", "${token}"])\\nprint(os.getpid(), c.pid, flush=True)\\nwhile True:\\n    time.sleep(0.05)', timeout: 600 },
  { signal: new AbortController().signal, workspace: '/tmp', home: '/tmp', callId: 'x', emit: (e) => { if (e.type === 'tool_execution_update') process.stdout.write('PIDS ' + e.message); } });
setInterval(() => {}, 1000);
`,
    );
    const host = spawn(process.execPath, ['--import', 'jiti/register', script], { cwd: resolve(__dirname, '../../../..'), stdio: ['ignore', 'pipe', 'inherit'] });
    // No clock here: the host (TypeScript compiled at start, then Python) takes 25 s and more on
    // a loaded machine; it either prints the pids or exits, and the test's timeout is the bound.
    const pids = await new Promise<number[]>((res, rej) => {
      let out = '';
      host.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /PIDS (\d+) (\d+)/.exec(out);
        if (m) res([Number(m[1]), Number(m[2])]);
      });
      host.on('exit', (code, signal) => rej(new Error(`the host exited (${signal ?? code}) before printing the pids: ${out}`)));
    });
    expect(pids[1]).toBeGreaterThan(0);
    // Only the host's own tree, taken before the kill orphans it: not the pids printed (inside the
    // sandbox those are the namespace's own), nor every interpreter on the machine.
    const sleepers = descendantsWith(host.pid!, `sleep ${token}`);
    expect(sleepers).toHaveLength(1);
    const interpreters = descendantsWith(host.pid!, PYTHON_DRIVER_MARK);
    expect(interpreters.length).toBeGreaterThan(0);
    host.kill('SIGKILL');
    await expect.poll(() => [...sleepers, ...interpreters].filter(alive), { timeout: 60_000 }).toEqual([]);
    // A liveness bound: a host starting from TypeScript sources under heavy load is slow.
  }, 300_000);
});
