import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runGlassbox, tempGlassbox, victimBase } from '../helpers/cli';

/**
 * Edits through a symlink in the workspace that points out of it are outside the workspace:
 * `glassbox tools call str_replace_editor --approve auto` asks (and without a terminal is
 * denied) instead of writing there. Throwaway folders only.
 */
let t: ReturnType<typeof tempGlassbox>;
let outside: string;
const SLOW = 120_000;

beforeEach(() => {
  t = tempGlassbox();
  mkdirSync(t.workspace, { recursive: true });
  outside = mkdtempSync(join(victimBase(), 'link-'));
  writeFileSync(join(outside, 'victim.txt'), 'original\n');
  symlinkSync(outside, join(t.workspace, 'link'));
  symlinkSync(join(outside, 'victim.txt'), join(t.workspace, 'victim-link'));
});
afterEach(() => rmSync(outside, { recursive: true, force: true }));

const edit = (args: Record<string, unknown>) =>
  runGlassbox(['tools', 'call', 'str_replace_editor', '--approve', 'auto', '--args', JSON.stringify(args)], { env: t.env, cwd: t.workspace, timeoutMs: 90_000 });

describe('inside-the-workspace decisions are made on real paths', () => {
  it('create through a linked folder is not treated as inside', async () => {
    const r = await edit({ command: 'create', path: join(t.workspace, 'link', 'new.txt'), file_text: 'x' });
    expect(r.stdout).toContain('[BLOCKED]');
    expect(existsSync(join(outside, 'new.txt'))).toBe(false);
  }, SLOW);

  it('str_replace through a linked file is not treated as inside', async () => {
    const r = await edit({ command: 'str_replace', path: join(t.workspace, 'victim-link'), old_str: 'original', new_str: 'changed' });
    expect(r.stdout).toContain('[BLOCKED]');
    expect(readFileSync(join(outside, 'victim.txt'), 'utf8')).toBe('original\n');
  }, SLOW);

  it('a plain file in the workspace is still edited in auto', async () => {
    const r = await edit({ command: 'create', path: join(t.workspace, 'ok.txt'), file_text: 'x' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(readFileSync(join(t.workspace, 'ok.txt'), 'utf8')).toBe('x');
  }, SLOW);
});
