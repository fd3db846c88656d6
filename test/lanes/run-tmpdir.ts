import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Global setup of every lane: the run's temporary files go in one folder of their own
 * ($TMPDIR for the workers and every process they start: the CLI, MCP servers, shells,
 * Chromium's profiles), removed when the run ends. A test that forgets its temporary folder
 * leaves nothing behind, and two runs side by side never share one. GLASSBOX_TEST_KEEP_TMP=1
 * keeps the folder and prints where it is.
 */
export default function setup(): (() => void) | undefined {
  // Vitest runs a global setup once for each lane: the first makes the folder, the others use it.
  if (process.env.GLASSBOX_TEST_TMP) return undefined;
  // Short: a Unix socket's path (a shell's, tmux's) must stay under 108 bytes below it.
  const dir = mkdtempSync(join(tmpdir(), 'gbt-'));
  process.env.TMPDIR = process.env.GLASSBOX_TEST_TMP = dir;
  return () => {
    if (process.env.GLASSBOX_TEST_KEEP_TMP === '1') {
      console.log(`[tests] temporary files kept in ${dir}`);
      return;
    }
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
}
