// @lane integration: real bash in a pty
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GlassboxSession } from '../../session/glassbox-session';
import { createBuiltinTools } from '../builtin-tools';
import type { ToolContext } from '../tool';
import { ToolCollection } from '../tool-collection';
import { resultToModelText } from '../../../../src-shared/events/tool-result';
import { BashTool } from './tool';

const ws = realpathSync(mkdtempSync(join(tmpdir(), 'glassbox-bash-tool-')));
const home = realpathSync(mkdtempSync(join(tmpdir(), 'glassbox-bash-home-')));

function ctx(signal: AbortSignal = new AbortController().signal): ToolContext {
  return { signal, workspace: ws, home, callId: 'call_test' };
}

describe('bash tool (real shell)', () => {
  const tools = new ToolCollection([new BashTool({ workspace: ws, config: { maxOutputChars: 2000 } })]);
  afterAll(() => tools.dispose());
  const call = (args: Record<string, unknown>, signal?: AbortSignal) => tools.execute('bash', args, ctx(signal));

  it('returns output, exit code and the classification', async () => {
    const r = await call({ command: 'echo hello; ls -d .' });
    expect(r.output).toBe('hello\n.');
    expect(r.error).toBeUndefined();
    expect(r.metadata?.exitCode).toBe(0);
    expect(r.metadata?.classification).toMatchObject({ risk: 'safe', reasons: ['read-only: echo, ls'] });
  });

  it('a non-zero exit keeps stdout and reports the code as the error', async () => {
    const r = await call({ command: 'echo partial-result; echo oops >&2; false' });
    expect(r.output).toBe('partial-result\noops');
    expect(r.error).toBe('exit code 1');
    expect(resultToModelText(r)).toBe('partial-result\noops\nError: exit code 1');
  });

  it('classifies before running: dangerous commands are flagged in metadata', async () => {
    // Harmless here (not a git repository) but classified as dangerous.
    const r = await call({ command: 'git reset --hard' });
    expect(r.metadata?.classification).toMatchObject({ risk: 'dangerous' });
    expect(r.metadata?.exitCode).toBe(128);
    expect(r.output).toContain('not a git repository');
  });

  it('the timeout parameter interrupts the command and keeps the output so far', async () => {
    // The sleep outlasts the test's timeout: only the tool's interrupt ends it in time.
    const r = await call({ command: 'echo first-part; sleep 600', timeout: 1 });
    expect(r.output).toBe('first-part');
    expect(r.error).toMatch(/timed out after 1 s/);
    expect(r.metadata?.timedOut).toBe(true);
    expect((await call({ command: 'echo usable' })).output).toBe('usable');
  });

  it('a command waiting for input ends in the timeout with a clear note', async () => {
    const r = await call({ command: 'read -p "Continue? [y/N] " answer', timeout: 1 });
    expect(r.output).toContain('Continue? [y/N]');
    expect(r.error).toMatch(/waiting for input on stdin.*non-interactive flag/s);
  });

  it('cancelling the run interrupts the command', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 500);
    const r = await call({ command: 'echo begun; sleep 60' }, ac.signal);
    expect(r.output).toBe('begun');
    expect(r.error).toMatch(/cancelled/);
    expect(r.metadata?.cancelled).toBe(true);
  });

  it('clips long output for the model (head and tail) and keeps it all in metadata', async () => {
    const r = await call({ command: 'seq 1 20000' });
    expect(r.output!.length).toBeLessThan(2300);
    expect(r.output!.startsWith('1\n2\n3\n')).toBe(true);
    expect(r.output!.endsWith('19999\n20000')).toBe(true);
    expect(r.output).toMatch(/\[\.\.\. [\d,]+ characters \([\d,]+ lines\) omitted; the full output is kept in the trace \.\.\.\]/);
    const full = r.metadata?.fullOutput as string;
    expect(full.split('\n')).toHaveLength(20000);
    expect(full).toContain('\n10000\n');
  });

  it('after exit, says so, and the next call says it runs in a fresh shell', async () => {
    await call({ command: 'export MARK=set' });
    const r = await call({ command: 'exit 4' });
    expect(r.system).toMatch(/shell exited \(exit code 4\).*fresh shell/);
    expect(r.error).toBe('exit code 4');
    const next = await call({ command: 'echo "MARK=$MARK"' });
    expect(next.output).toBe('MARK=');
    expect(next.system).toMatch(/exited with code 4.*fresh shell/);
  });

  it('restart: true starts a fresh shell on request', async () => {
    await call({ command: 'export MARK2=set' });
    const r = await call({ command: 'echo "MARK2=$MARK2"', restart: true });
    expect(r.output).toBe('MARK2=');
    expect(r.system).toMatch(/restarted/);
    const only = await call({ restart: true });
    expect(only.error).toBeUndefined();
    expect(only.system).toMatch(/restarted/);
  });

  it('without a command it explains what is missing', async () => {
    const r = await call({});
    expect(r.error).toMatch(/missing 'command'/);
  });

  it('rejects unknown arguments through the schema', async () => {
    const r = await call({ command: 'true', cwd: '/' });
    expect(r.error).toMatch(/unknown argument 'cwd'/);
  });
});

describe('bash in the session', () => {
  it('is registered right after str_replace_editor', () => {
    const names = createBuiltinTools({ workspace: ws, home, config: {} }).map((t) => t.name);
    expect(names.slice(0, 2)).toEqual(['str_replace_editor', 'bash']);
  });

  it('runs in GlassboxSession.shell(), the same shell the terminal shows', async () => {
    const session = await GlassboxSession.create({
      workspace: ws,
      env: { ...process.env, GLASSBOX_HOME: home, GLASSBOX_DISABLE_BROWSER: '1' },
      withMcp: false,
      withExtensions: false,
    });
    try {
      const seen: string[] = [];
      session.shell().onData((d) => seen.push(d));
      const out = await session.runner.run({ tool: 'bash', args: { command: 'export SHARED=yes; echo via-tool' } });
      expect(out.result.output).toBe('via-tool');
      expect(seen.join('')).toContain('via-tool');
      const direct = await session.shell().run('echo "SHARED=$SHARED"');
      expect(direct.output).toBe('SHARED=yes');
      expect(session.shell().pid).toBeGreaterThan(0);
    } finally {
      await session.dispose();
    }
  });
});
