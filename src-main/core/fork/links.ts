import { lstatSync, readdirSync, readlinkSync, symlinkSync, unlinkSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { isPathInside } from '../workspace/real-path';

/**
 * Points the symlinks of a fork's copy of a workspace where they pointed in the original, never
 * into the user's files: a link to an absolute path inside the original workspace (`/ws/data`)
 * would make the fork write the user's live files, so it is made relative to the same place in
 * the copy; a relative link that climbs out of the workspace (`../common/x`) would land elsewhere
 * from the copy's folder (in Glassbox's own state), so it is made absolute to where it pointed
 * from the original. Links inside the workspace and absolute links outside it stay as they are.
 * Walks without following links; returns how many were rewritten.
 */
export function retargetCopyLinks(copyDir: string, originalRoots: readonly string[]): number {
  const roots = originalRoots.map((r) => resolve(r));
  const original = roots[0]!;
  let changed = 0;
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '.git' || dir !== copyDir) walk(abs);
        continue;
      }
      if (!entry.isSymbolicLink()) continue;
      const target = readlinkSync(abs);
      const rel = relative(copyDir, abs);
      let next: string | null = null;
      if (isAbsolute(target)) {
        const root = roots.find((r) => isPathInside(resolve(target), r));
        if (root) next = relative(dirname(abs), join(copyDir, relative(root, resolve(target)))) || '.';
      } else {
        const from = resolve(dirname(join(original, rel)), target);
        if (!isPathInside(from, original)) next = from;
      }
      if (next === null || next === target) continue;
      // The copy is the fork's own fresh folder: replace the link itself (lstat: never followed).
      if (!lstatSync(abs).isSymbolicLink()) continue;
      unlinkSync(abs);
      symlinkSync(next, abs);
      changed++;
    }
  };
  walk(copyDir);
  return changed;
}
