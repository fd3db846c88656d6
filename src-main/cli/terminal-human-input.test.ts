// @lane integration: a real terminal (node-pty) running a child Node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import * as pty from 'node-pty';
import { describe, expect, it } from 'vitest';
import { coerceField, NoTerminalError, TerminalHumanInput } from './terminal-human-input';

const ROOT = resolve(__dirname, '..', '..');

/**
 * Runs a tiny program in a real pty that asks through TerminalHumanInput + AskHumanTool and
 * prints the tool result; `drive` types into the terminal. jiti (already in the tree through
 * vite/eslint) loads the TypeScript sources directly.
 */
function runInPty(drive: (p: pty.IPty, screen: () => string) => void): Promise<{ screen: string; result: unknown }> {
  const dir = mkdtempSync(join(tmpdir(), 'gb-ask-'));
  const script = join(dir, 'child.ts');
  writeFileSync(
    script,
    `import { TerminalHumanInput } from ${JSON.stringify(join(ROOT, 'src-main/cli/terminal-human-input.ts'))};
import { AskHumanTool } from ${JSON.stringify(join(ROOT, 'src-main/core/tools/ask-human.ts'))};
const r = await new AskHumanTool().execute({ inquire: 'Which colour should the button be?' },
  { signal: new AbortController().signal, workspace: '/tmp', home: '/tmp', callId: 'x', humanInput: new TerminalHumanInput() });
process.stdout.write('RESULT:' + JSON.stringify(r) + '\\n');
`,
  );
  return new Promise((done, fail) => {
    const p = pty.spawn(process.execPath, ['--import', 'jiti/register', script], { cwd: ROOT, cols: 100, rows: 30, env: process.env });
    let out = '';
    const timer = setTimeout(() => {
      p.kill();
      fail(new Error(`pty child did not finish; screen: ${JSON.stringify(out)}`));
    }, 25_000);
    p.onData((d) => (out += d));
    drive(p, () => out);
    p.onExit(() => {
      clearTimeout(timer);
      const m = /RESULT:(.*)\r?\n/.exec(out);
      done({ screen: out, result: m ? JSON.parse(m[1]) : null });
    });
  });
}

function whenScreen(screen: () => string, text: string, then: () => void): void {
  const poll = setInterval(() => {
    if (screen().includes(text)) {
      clearInterval(poll);
      then();
    }
  }, 20);
}

describe('TerminalHumanInput', () => {
  it('asks on a real terminal and returns what the user typed', async () => {
    const { screen, result } = await runInPty((p, screen) => whenScreen(screen, '> ', () => p.write('make it blue\r')));
    expect(screen).toContain('? The agent asks:');
    expect(screen).toContain('Which colour should the button be?');
    expect(result).toEqual({ output: 'make it blue', metadata: { action: 'accept' } });
  }, 30_000);

  it('Ctrl-C at the prompt cancels the question instead of hanging', async () => {
    const { result } = await runInPty((p, screen) => whenScreen(screen, '> ', () => p.write('\x03')));
    expect(result).toEqual({ error: 'The human dismissed the question without answering.', metadata: { action: 'cancel' } });
  }, 30_000);

  it('fails clearly when stdin is not a terminal', async () => {
    const stdin = new PassThrough();
    const port = new TerminalHumanInput({ stdin, stderr: new PassThrough() });
    await expect(port.ask({ question: 'q' })).rejects.toBeInstanceOf(NoTerminalError);
    await expect(port.ask({ question: 'q' })).rejects.toThrow(/stdin is not an interactive terminal/);
  });

  it('fills an elicitation form field by field, re-asking invalid values (injected TTY streams)', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const stderr = new PassThrough();
    let shown = '';
    stderr.on('data', (d: Buffer) => (shown += d.toString()));
    const port = new TerminalHumanInput({ stdin, stderr });
    const answer = port.ask({
      question: 'Deploy settings',
      server: 'ops',
      schema: {
        type: 'object',
        properties: {
          env: { type: 'string', enum: ['staging', 'prod'] },
          replicas: { type: 'integer', description: 'how many' },
          confirm: { type: 'boolean' },
        },
        required: ['env', 'replicas'],
      },
    });
    const lines = ['qa', 'prod', 'two', '3', 'yes'];
    let fedAt = -1;
    const feed = setInterval(() => {
      // Type the next line once the prompt for it is visible (ignoring readline's cursor codes).
      const plain = shown.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
      if (lines.length && plain.endsWith(': ') && plain.length !== fedAt) {
        fedAt = plain.length;
        stdin.write(lines.shift() + '\n');
      }
      if (!lines.length) clearInterval(feed);
    }, 20);
    await expect(answer).resolves.toEqual({ action: 'accept', content: { env: 'prod', replicas: 3, confirm: true } });
    expect(shown).toContain("? The agent asks (from MCP server 'ops'):");
    expect(shown).toContain('choose one of: staging, prod');
    expect(shown).toContain('enter a whole number');
  });

  it.each([
    ['y', { decision: 'allow', by: 'human' }],
    ['always', { decision: 'allow', always: true, by: 'human' }],
    ['n', { decision: 'deny', by: 'human' }],
    ['', { decision: 'deny', by: 'human' }],
  ])('approval answered %j at the terminal', async (typed, expected) => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const stderr = new PassThrough();
    let shown = '';
    stderr.on('data', (d: Buffer) => (shown += d.toString()));
    const port = new TerminalHumanInput({ stdin, stderr });
    const req = { requestId: 'r1', callId: 'c1', tool: 'bash', args: { command: 'rm -rf ~' }, argsHash: 'h', reasons: ['deletes your home'] };
    const answer = port.request(req);
    setTimeout(() => stdin.write(typed + '\n'), 30);
    await expect(answer).resolves.toEqual(expected);
    expect(shown).toContain('Approve bash: rm -rf ~');
    expect(shown).toContain('why asked: deletes your home');
  });

  it('an approval without a terminal fails clearly; an aborted one is denied', async () => {
    const req = { requestId: 'r1', callId: 'c1', tool: 'bash', args: { command: 'ls' }, argsHash: 'h', reasons: [] };
    await expect(new TerminalHumanInput({ stdin: new PassThrough(), stderr: new PassThrough() }).request(req)).rejects.toBeInstanceOf(NoTerminalError);
    const port = new TerminalHumanInput({ stdin: Object.assign(new PassThrough(), { isTTY: true }), stderr: new PassThrough() });
    const ac = new AbortController();
    const pending = port.request(req, ac.signal);
    setTimeout(() => ac.abort(new Error('cancelled')), 30);
    await expect(pending).resolves.toEqual({ decision: 'deny', by: 'cancelled' });
  });

  it('rejects when the signal aborts while waiting', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const port = new TerminalHumanInput({ stdin, stderr: new PassThrough() });
    const ac = new AbortController();
    const pending = port.ask({ question: 'q' }, ac.signal);
    setTimeout(() => ac.abort(new Error('run cancelled')), 30);
    await expect(pending).rejects.toThrow('run cancelled');
  });

  it.each([
    [{ type: 'number' }, '2.5', { ok: true, value: 2.5 }],
    [{ type: 'integer' }, '2.5', { ok: false, reason: 'enter a whole number' }],
    [{ type: 'boolean' }, 'no', { ok: true, value: false }],
    [{ type: 'boolean' }, 'perhaps', { ok: false, reason: 'answer yes or no' }],
    [{ type: 'string' }, 'hi', { ok: true, value: 'hi' }],
  ])('coerces %j from %j', (field, text, expected) => {
    expect(coerceField(text, field)).toEqual(expected);
  });
});

describe('the approval prompt shows what runs', () => {
  it.each([
    ['carriage return rewriting the line', 'rm -rf ~/x\recho harmless', 'rm -rf ~/x\\recho harmless'],
    ['an escape sequence clearing the line', 'rm -rf ~/x\x1b[2K\x1b[1Gls', 'rm -rf ~/x\\x1b[2K\\x1b[1Gls'],
    ['backspaces over the dangerous part', 'rm -rf ~/x\b\b\b\b\b\b\b\b\b\bls        ', 'rm -rf ~/x\\x08'],
    ['a bidi override reordering it', 'echo \u202esl\u202c', 'echo \\u{202e}sl\\u{202c}'],
    ['a C1 control (CSI)', 'ls\x9b2J', 'ls\\x9b2J'],
  ])('%s is shown escaped', async (_name, command, shownAs) => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const stderr = new PassThrough();
    let shown = '';
    stderr.on('data', (d: Buffer) => (shown += d.toString()));
    const port = new TerminalHumanInput({ stdin, stderr });
    const answer = port.request({ requestId: 'r1', callId: 'c1', tool: 'bash', args: { command }, argsHash: 'h', reasons: ['why\x1b[8m'] });
    setTimeout(() => stdin.write('n\n'), 30);
    await answer;
    expect(shown).toContain(`Approve bash: ${shownAs}`);
    expect(shown).toContain('why asked: why\\x1b[8m');
    // Nothing the command carried reaches the terminal raw.
    const prompt = shown.slice(shown.indexOf('Approve'), shown.indexOf('[y]es'));
    expect(prompt).not.toMatch(/[\r\x1b\x08\x9b\u202e]/);
  });
});
