import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGlassbox, tempGlassbox } from '../helpers/cli';

// A wrong config value or a config nested too deep is a config error (exit 2) naming the file,
// the path in the JSON and what is allowed: never accepted silently, never a crash.

function withConfig(text: string) {
  const t = tempGlassbox();
  mkdirSync(t.home, { recursive: true });
  mkdirSync(t.workspace, { recursive: true });
  writeFileSync(join(t.home, 'config.json'), text);
  return t;
}

describe('config errors from the CLI', () => {
  it('wrong values: exit 2 with every problem, for tools, run and mcp serve', async () => {
    const t = withConfig(JSON.stringify({ approvals: { mode: 'yolo', rules: [{ tool: 'bash', decision: 'alow' }] }, bash: { timeoutSeconds: 'abc' } }));
    for (const args of [['tools', 'list'], ['run', 'hi', '--approve', 'deny'], ['mcp', 'serve']]) {
      const r = await runGlassbox(args, { env: t.env, cwd: t.workspace });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain(`Invalid config in ${join(t.home, 'config.json')}:`);
      expect(r.stderr).toContain('approvals.mode: "yolo" is not one of "ask", "auto", "deny"');
      expect(r.stderr).toContain('approvals.rules[0].decision: "alow" is not one of "allow", "ask", "deny"');
      expect(r.stderr).toContain('bash.timeoutSeconds: must be a number, not a string');
    }
  }, 120_000);

  it('a config nested 100,000 deep: exit 2 with the position, no stack overflow', async () => {
    const n = 100_000;
    const t = withConfig(`{"mcpServers": {"a": ${'{"a":'.repeat(n)}1${'}'.repeat(n)}}}`);
    const r = await runGlassbox(['tools', 'list'], { env: t.env, cwd: t.workspace });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/config\.json:1:\d+: nested deeper than 64 levels/);
    expect(r.stderr).not.toContain('RangeError');
  }, 60_000);
});
