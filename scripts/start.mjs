#!/usr/bin/env node
// `npm start`: the desktop app. Without an Electron binary (installed with
// ELECTRON_SKIP_BINARY_DOWNLOAD=1, or its download failed) say so in one line and point at
// `glassbox web`, instead of electron-vite's "Error: Electron uninstall" and a stack trace.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The Electron executable the electron package would run, or null when it is not installed. */
export function electronBinary(dir = join(root, 'node_modules', 'electron')) {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const exe = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(exe) ? exe : null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!electronBinary()) {
    process.stderr.write(
      'No Electron binary is installed (ELECTRON_SKIP_BINARY_DOWNLOAD=1, or its download failed): run `npx glassbox web` for the same UI in your browser, or `node node_modules/electron/install.js` to fetch Electron.\n',
    );
    process.exit(1);
  }
  const bin = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'electron-vite.cmd' : 'electron-vite');
  const child = spawn(bin, ['preview', ...process.argv.slice(2)], { stdio: 'inherit', cwd: root, shell: process.platform === 'win32' });
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
}
