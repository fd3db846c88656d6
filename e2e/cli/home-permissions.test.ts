import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGlassbox, tempGlassbox } from '../helpers/cli';

/** A fresh $GLASSBOX_HOME made by the real CLI is private to the user. */
describe('permissions of a fresh home', () => {
  it('home and its folders 0700, the session file 0600', async () => {
    const t = tempGlassbox();
    mkdirSync(t.workspace, { recursive: true });
    const r = await runGlassbox(['tools', 'call', 'str_replace_editor', '--args', JSON.stringify({ command: 'view', path: t.workspace })], { env: t.env, cwd: t.workspace, timeoutMs: 90_000 });
    expect(r.code, r.stderr).toBe(0);
    const mode = (p: string): number => statSync(p).mode & 0o777;
    for (const dir of ['', 'sessions', 'extensions', 'state']) expect(mode(join(t.home, dir))).toBe(0o700);
    const files = readdirSync(join(t.home, 'sessions')).filter((f) => f.endsWith('.jsonl'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(mode(join(t.home, 'sessions', f))).toBe(0o600);
  }, 120_000);
});
