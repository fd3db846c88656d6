import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * First contact: `npm start` (scripts/start.mjs) in a tree whose Electron package has no binary
 * says so in one line and points to `glassbox web`; with a binary it hands over to
 * electron-vite. The script is copied into a throwaway tree so each case controls what
 * node_modules/electron holds.
 */
const SCRIPT = join(__dirname, '..', '..', 'scripts', 'start.mjs');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tree(electron: 'none' | 'path-only' | 'binary'): string {
  const root = mkdtempSync(join(tmpdir(), 'glassbox-start-'));
  dirs.push(root);
  mkdirSync(join(root, 'scripts'));
  copyFileSync(SCRIPT, join(root, 'scripts', 'start.mjs'));
  const pkg = join(root, 'node_modules', 'electron');
  mkdirSync(pkg, { recursive: true });
  if (electron !== 'none') writeFileSync(join(pkg, 'path.txt'), 'electron');
  if (electron === 'binary') {
    mkdirSync(join(pkg, 'dist'));
    writeFileSync(join(pkg, 'dist', 'electron'), '');
  }
  mkdirSync(join(root, 'node_modules', '.bin'), { recursive: true });
  const vite = join(root, 'node_modules', '.bin', 'electron-vite');
  writeFileSync(vite, '#!/bin/sh\necho "electron-vite $*"\nexit 7\n');
  chmodSync(vite, 0o755);
  return root;
}

const start = (root: string) => {
  const env = { ...process.env };
  delete env.ELECTRON_OVERRIDE_DIST_PATH;
  return spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs')], { env, encoding: 'utf8', timeout: 30_000 });
};

describe('npm start', () => {
  it.each(['none', 'path-only'] as const)('without an Electron binary (%s) says so in one line and points to glassbox web', (electron) => {
    const r = start(tree(electron));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('No Electron binary');
    expect(lines[0]).toContain('npx glassbox web');
  });

  it('with a binary runs electron-vite preview and passes its exit code on', () => {
    const r = start(tree('binary'));
    expect(r.stdout.trim()).toBe('electron-vite preview');
    expect(r.status).toBe(7);
  });
});
