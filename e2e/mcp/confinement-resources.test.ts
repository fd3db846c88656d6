import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli';

// Found attacking issue 16: `glassbox mcp serve` in a workspace that holds the home folder served
// ~/.ssh/id_rsa and $GLASSBOX_HOME/config.json (with its API key) as file:// resources to the
// MCP client, though the sandbox and the editor's policy hide them from the agent.
const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Sends JSON-RPC lines to `glassbox mcp serve` on stdio and collects the answers by id. */
function serve(home: string, messages: object[]): Promise<Map<number, Record<string, unknown>>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'mcp', 'serve', '--workspace', home], {
      cwd: home,
      env: { ...process.env, HOME: home, GLASSBOX_HOME: join(home, '.glassbox'), GLASSBOX_DISABLE_BROWSER: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const answers = new Map<number, Record<string, unknown>>();
    const wanted = messages.filter((m) => 'id' in m).length;
    let buf = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out; got ${JSON.stringify([...answers])}`));
    }, 60_000);
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        const msg = JSON.parse(line) as { id?: number };
        if (typeof msg.id === 'number') answers.set(msg.id, msg as Record<string, unknown>);
        if (msg.id === 1) for (const m of messages.slice(1)) child.stdin.write(JSON.stringify(m) + '\n');
        if (answers.size === wanted) {
          clearTimeout(timer);
          child.kill();
          resolve(answers);
        }
      }
    });
    child.stdin.write(JSON.stringify(messages[0]) + '\n');
  });
}

describe('glassbox mcp serve: file resources', () => {
  it('refuses credentials and Glassbox’s own files in a workspace that is the home folder; other files are served', async () => {
    const home = mkdtempSync(join(tmpdir(), 'gb-serve-home-'));
    made.push(home);
    mkdirSync(join(home, '.ssh'));
    mkdirSync(join(home, '.glassbox'));
    writeFileSync(join(home, '.ssh', 'id_rsa'), 'FAKE-PRIVATE-KEY\n');
    writeFileSync(join(home, '.glassbox', 'config.json'), '{"llm":{"apiKey":"sk-FAKE-CONFIG-KEY"}}\n');
    writeFileSync(join(home, 'notes.txt'), 'plain notes\n');
    const read = (id: number, p: string) => ({ jsonrpc: '2.0', id, method: 'resources/read', params: { uri: pathToFileURL(p).href } });
    const answers = await serve(home, [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      read(2, join(home, '.ssh', 'id_rsa')),
      read(3, join(home, '.glassbox', 'config.json')),
      read(4, join(home, 'notes.txt')),
    ]);
    const text = JSON.stringify([...answers.values()]);
    expect(text).not.toContain('FAKE-PRIVATE-KEY');
    expect(text).not.toContain('sk-FAKE-CONFIG-KEY');
    expect(JSON.stringify(answers.get(2))).toMatch(/Refused: .* holds credentials/);
    expect(JSON.stringify(answers.get(3))).toMatch(/Refused: .* holds credentials/);
    expect(JSON.stringify(answers.get(4))).toContain('plain notes');
  }, 90_000);
});
