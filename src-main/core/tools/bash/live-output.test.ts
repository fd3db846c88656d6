// @lane integration: real bash in a pty
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ToolContext } from '../tool';
import { ToolCollection } from '../tool-collection';
import { SecretRedactor } from '../../secrets/redactor';
import { terminalChunkToText } from '../live-output';
import { BashTool } from './tool';

const ws = realpathSync(mkdtempSync(join(tmpdir(), 'glassbox-bash-live-')));

describe('bash streams its output while it runs', () => {
  const secret = 'sk-live-SECRET-0123456789abcdef';
  const tools = new ToolCollection([new BashTool({ workspace: ws, redactor: new SecretRedactor([secret]) })]);
  afterAll(() => tools.dispose());

  it('the second line arrives as a tool_execution_update before the command ends, secrets hidden', async () => {
    const updates: { message?: string; at: number }[] = [];
    const ctx: ToolContext = {
      signal: new AbortController().signal,
      workspace: ws,
      home: ws,
      callId: 'call_live',
      emit: (e) => {
        if (e.type === 'tool_execution_update') updates.push({ message: e.message, at: Date.now() });
      },
    };
    const r = await tools.execute('bash', { command: `echo ${secret}; for i in 1 2 3; do echo line $i; sleep 0.6; done` }, ctx);
    const ended = Date.now();
    expect(r.output).toContain('line 3');
    const text = updates.map((u) => u.message ?? '').join('');
    expect(text).toContain('line 2');
    expect(text).not.toContain(secret);
    // Only what the command printed: no prompt, no echoed command.
    expect(text).not.toContain('for i in');
    expect(text.startsWith('[REDACTED]')).toBe(true);
    const second = updates.find((u) => (u.message ?? '').includes('line 2'));
    expect(ended - (second?.at ?? ended)).toBeGreaterThan(300);
  });
});

describe('the terminal shows each agent command once', () => {
  it('the pasted command is not redrawn on Enter (a wrapped line would show it twice)', async () => {
    const { BashShell } = await import('./shell');
    const shell = new BashShell({ cwd: ws });
    let raw = '';
    shell.onData((d) => (raw += d));
    const command = 'echo a-command-long-enough-to-wrap-in-a-narrow-pane-' + 'x'.repeat(60);
    await shell.run(command);
    await shell.dispose();
    expect(raw.split(command).length - 1).toBe(1);
  });
});

describe('terminalChunkToText', () => {
  it('drops escapes and keeps the last redraw of a line', () => {
    expect(terminalChunkToText('\x1b]633;C\x07\x1b[32mok\x1b[0m\r\n10%\r50%\r100%\n')).toBe('ok\n100%\n');
  });
});
