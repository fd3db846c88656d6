import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ofType, runJson, useAgentFixtures } from './agent-harness';

// Found attacking issue 16: without a sandbox (sandbox.mode "off", or none available), auto mode
// lets the editor write inside the workspace unasked; it wrote the files of a bare repository
// whose config names a core.fsmonitor, and `git -C evil status` — called read-only — ran that
// program with the user's full rights, with no approval asked.
vi.setConfig({ testTimeout: 300_000 });
const fixture = useAgentFixtures();
const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

// The editor wants absolute paths; they are filled in once the fixture made the workspace.
const edit = (id: string, path: string, text: string) => ({ toolCalls: [{ id, name: 'str_replace_editor', arguments: { command: 'create', path, file_text: text } }] });

describe('glassbox run, auto mode, no sandbox: git in a repository the agent wrote', () => {
  it('is asked about (denied without a terminal), so the planted core.fsmonitor never runs', async () => {
    const victim = mkdtempSync(join(tmpdir(), 'gb-foreign-repo-'));
    made.push(victim);
    const marker = join(victim, 'PWNED');
    const script: Array<{ toolCalls?: Array<{ id: string; name: string; arguments: Record<string, string> }>; text?: string }> = [
      edit('e1', 'evil/HEAD', 'ref: refs/heads/main\n'),
      edit('e2', 'evil/objects/info/keep', ''),
      edit('e3', 'evil/refs/heads/keep', ''),
      edit('e4', 'evil/config', `[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = ..\n\tfsmonitor = "touch ${marker}; false"\n`),
      { toolCalls: [{ id: 'g1', name: 'bash', arguments: { command: 'git -C evil status --short' } }] },
      { text: 'done' },
    ];
    const f = await fixture('openai', script);
    for (const turn of script) for (const c of turn.toolCalls ?? []) if (typeof c.arguments.path === 'string') c.arguments.path = join(f.workspace, c.arguments.path);
    writeFileSync(join(f.home, 'config.json'), JSON.stringify({ sandbox: { mode: 'off' } }));
    const r = await runJson(f, 'look at the repo', ['--approve', 'auto']);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(f.workspace, 'evil', 'config'))).toBe(true);
    expect(existsSync(marker)).toBe(false);
    const asked = ofType(r.events, 'approval_requested');
    expect(asked.map((a) => a.callId)).toEqual(['g1']);
    expect((asked[0]!.reasons as string[]).join(' ')).toContain('reads the configuration of the repository');
  });
});
