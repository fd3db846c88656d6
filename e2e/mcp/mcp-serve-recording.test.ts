// `glassbox mcp serve` records each call in its session file after the reply went out (the
// line is made at the end of the event-loop turn): what is recorded must still be exactly what
// the client was sent, on disk once the call is over, and survive a kill -9.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';
import { readSessionFile } from '../../src-main/core/session/session-file';
import { BIN, tempGlassbox } from '../helpers/cli';

describe('glassbox mcp serve: the session file', () => {
  const t = tempGlassbox();
  mkdirSync(t.workspace, { recursive: true });
  const file = join(t.workspace, 'two-hundred-lines.ts');
  // Tabs, quotes, backslashes and non-ASCII: everything JSON has to escape or encode.
  writeFileSync(file, Array.from({ length: 200 }, (_, i) => `export const v${i} = "\\t${i}"; // line ${i + 1}, größe ✓ \\ "q"`).join('\n') + '\n');
  let transport: StdioClientTransport | undefined;
  afterAll(() => {
    if (transport?.pid) process.kill(transport.pid, 'SIGKILL');
  });

  it('holds each served call exactly as its reply was sent, also after a kill -9 right after the calls', async () => {
    const client = new Client({ name: 'recording-test', version: '1' });
    transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'serve', '--tools', 'str_replace_editor'], env: t.env as Record<string, string>, cwd: t.workspace, stderr: 'pipe' });
    await client.connect(transport);
    const replies: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await client.callTool({ name: 'str_replace_editor', arguments: { command: 'view', path: file } });
      expect(r.isError).toBeFalsy();
      replies.push((r.content as { type: string; text: string }[])[0].text);
    }
    expect(replies[0]).toContain('größe ✓');
    // Once the server has answered another request, the calls' turns are over: their lines are written.
    await client.listTools();
    process.kill(transport.pid!, 'SIGKILL');
    const [name] = readdirSync(join(t.home, 'sessions')).filter((n) => n.endsWith('.jsonl'));
    const events = readSessionFile(join(t.home, 'sessions', name)).events;
    const ends = events.filter((e) => e.type === 'tool_execution_end') as Array<{ result: { output: string | null } }>;
    expect(ends.map((e) => e.result.output)).toEqual(replies);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  }, 60_000);
});
