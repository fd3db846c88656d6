import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGlassbox, tempGlassbox } from '../helpers/cli';

// The built CLI (out/main/cli.js): bash runs on a real pty and the classifier loads its
// wasm grammar through node_modules, not through paths into src-main.
describe('glassbox CLI: bash', () => {
  it('tools list shows bash with its schema', async () => {
    const t = tempGlassbox();
    const r = await runGlassbox(['tools', 'list', '--json'], { env: t.env });
    expect(r.code).toBe(0);
    const tools = JSON.parse(r.stdout) as Array<{ name: string; source: string; inputSchema: { properties: Record<string, unknown> } }>;
    const bash = tools.find((x) => x.name === 'bash');
    expect(bash?.source).toBe('builtin');
    expect(Object.keys(bash!.inputSchema.properties).sort()).toEqual(['command', 'restart', 'timeout']);
  });

  it('tools call bash runs in the workspace and records the classification in the trace', async () => {
    const t = tempGlassbox();
    mkdirSync(t.workspace, { recursive: true });
    const r = await runGlassbox(
      ['tools', 'call', 'bash', '--workspace', t.workspace, '--args', JSON.stringify({ command: 'pwd; printf "50%%\\r100%%\\n"; sudo -n true 2>/dev/null; true' }), '--json'],
      { env: t.env, cwd: t.workspace },
    );
    expect(r.stderr).not.toMatch(/not loaded|tree-sitter/i);
    const out = JSON.parse(r.stdout) as { result: { output: string; error: string | null } };
    expect(out.result.output).toBe(`${t.workspace}\n100%`);
    expect(out.result.error).toBeNull();
    const sessions = join(t.home, 'sessions');
    const lines = readdirSync(sessions).flatMap((f) => readFileSync(join(sessions, f), 'utf8').trim().split('\n'));
    const end = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((e) => e.type === 'tool_execution_end') as
      | { result: { metadata?: { classification?: { risk: string; reasons: string[] } } } }
      | undefined;
    expect(end?.result.metadata?.classification?.risk).toBe('dangerous');
    expect(end?.result.metadata?.classification?.reasons.join(' ')).toContain('sudo');
  });
});
