import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contractSurface } from '../../src-shared/contract/client';
import { ROOT } from '../helpers/cli';

/**
 * The desktop app itself through Playwright's `_electron`, where an Electron binary exists
 * (ELECTRON_PATH, or node_modules/electron's downloaded dist). Requiring the `electron` package
 * without its binary would try to download it, so the path is found by hand.
 */
function findElectron(): string | null {
  if (process.env.ELECTRON_PATH && existsSync(process.env.ELECTRON_PATH)) return process.env.ELECTRON_PATH;
  const dir = join(ROOT, 'node_modules', 'electron');
  try {
    const rel = readFileSync(join(dir, 'path.txt'), 'utf8').trim();
    const bin = join(dir, 'dist', rel);
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

const electronPath = findElectron();
if (!electronPath) {
  console.warn('[electron-smoke] SKIPPED: no Electron binary here (set ELECTRON_PATH or install electron with its binary to run it).');
}

describe.skipIf(!electronPath)('desktop app (Electron)', () => {
  it('opens a sandboxed window whose only bridge is window.glassbox with exactly the contract', { timeout: 120_000 }, async () => {
    const home = mkdtempSync(join(tmpdir(), 'glassbox-electron-'));
    const app = await _electron.launch({
      executablePath: electronPath!,
      args: [join(ROOT, 'out', 'main', 'index.js'), '--no-sandbox'],
      env: { ...process.env, GLASSBOX_HOME: home, GLASSBOX_DISABLE_BROWSER: '1' } as Record<string, string>,
    });
    try {
      const win = await app.firstWindow();
      await win.getByTestId('composer-input').waitFor({ timeout: 60_000 });
      const surface = await win.evaluate(() => {
        const api = (globalThis as unknown as { glassbox: Record<string, Record<string, unknown>> }).glassbox;
        const names: string[] = [];
        for (const [ns, m] of Object.entries(api)) for (const k of Object.keys(m)) names.push(`${ns}.${k}`);
        return { names: names.sort(), require: typeof (globalThis as Record<string, unknown>).require, process: typeof (globalThis as Record<string, unknown>).process };
      });
      expect(surface.names).toEqual(contractSurface());
      expect(surface.require).toBe('undefined');
      expect(surface.process).toBe('undefined');
    } finally {
      await app.close();
    }
  });
});
