import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  checkModulePath,
  ENTRY_FILES,
  MANIFEST_FILE,
  moduleCandidates,
  parseExtensionManifest,
  type ExtensionManifest,
} from './manifest';

/** Where an extension folder was found: `$GLASSBOX_HOME/extensions` or the workspace's. */
export type ExtensionOrigin = 'user' | 'workspace';

/** A folder that holds extension folders. */
export interface ExtensionRoot {
  dir: string;
  origin: ExtensionOrigin;
}

/** One candidate extension folder. */
export interface ExtensionFolder {
  folder: string;
  origin: ExtensionOrigin;
}

/** Why a folder could not be described; `manifest` is set when only the module is at fault. */
export interface ExtensionFolderProblem {
  ok: false;
  reason: string;
  manifest?: ExtensionManifest;
}

/** A folder read from disk: its manifest (given or implied) and the module file to load. */
export interface ExtensionDescription {
  manifest: ExtensionManifest;
  /** Absolute path of the module file. */
  moduleFile: string;
  /** Whether the folder has a plugin.yaml. */
  hasManifest: boolean;
}

/** The two standard roots (docs/configuration.md), user first so its extensions register first. */
export function defaultExtensionRoots(homeExtensionsDir: string, workspaceGlassboxDir: string): ExtensionRoot[] {
  return [
    { dir: homeExtensionsDir, origin: 'user' },
    { dir: join(workspaceGlassboxDir, 'extensions'), origin: 'workspace' },
  ];
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Lists extension folders under the roots, in root order then name order. Folders named
 * `_…`, `.…` or `node_modules` are skipped; a root seen twice (workspace = home) counts once.
 */
export function discoverExtensionFolders(roots: ExtensionRoot[], skip: (name: string) => boolean): ExtensionFolder[] {
  const out: ExtensionFolder[] = [];
  const seenRoots = new Set<string>();
  for (const root of roots) {
    if (!isDirectory(root.dir)) continue;
    let real: string;
    try {
      real = realpathSync(root.dir);
    } catch {
      continue;
    }
    if (seenRoots.has(real)) continue;
    seenRoots.add(real);
    let names: string[];
    try {
      names = readdirSync(root.dir);
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      if (skip(name)) continue;
      const folder = join(root.dir, name);
      if (isDirectory(folder)) out.push({ folder, origin: root.origin });
    }
  }
  return out;
}

/**
 * Reads one extension folder: `plugin.yaml` with its defaults, or the manifest-less
 * `extension.js|.mjs|.cjs`; resolves the module file. Failures carry a reason for the user.
 */
export function describeExtensionFolder(folder: string): { ok: true; value: ExtensionDescription } | ExtensionFolderProblem {
  const folderName = basename(folder);
  const manifestPath = join(folder, MANIFEST_FILE);
  if (existsSync(manifestPath)) {
    let text: string;
    try {
      text = readFileSync(manifestPath, 'utf8');
    } catch (err) {
      return { ok: false, reason: `cannot read ${MANIFEST_FILE}: ${(err as Error).message}` };
    }
    const parsed = parseExtensionManifest(text, folderName);
    if (!parsed.ok) return parsed;
    const manifest = parsed.value;
    const tried: string[] = [];
    for (const candidate of moduleCandidates(manifest)) {
      const inside = checkModulePath(folder, candidate);
      if (!inside.ok) return { ok: false, reason: `${MANIFEST_FILE}: ${inside.reason}`, manifest };
      tried.push(candidate);
      if (existsSync(inside.value) && !isDirectory(inside.value)) {
        return { ok: true, value: { manifest, moduleFile: inside.value, hasManifest: true } };
      }
    }
    return { ok: false, reason: `module '${manifest.module}' not found (tried ${tried.join(', ')})`, manifest };
  }
  for (const entry of ENTRY_FILES) {
    const file = join(folder, entry);
    if (existsSync(file)) {
      const parsed = parseExtensionManifest('', folderName);
      if (!parsed.ok) return { ok: false, reason: parsed.reason.replace(`${MANIFEST_FILE}: `, '') };
      return {
        ok: true,
        value: { manifest: { ...parsed.value, module: entry, moduleExplicit: false }, moduleFile: file, hasManifest: false },
      };
    }
  }
  return { ok: false, reason: `no ${MANIFEST_FILE} and no ${ENTRY_FILES.slice(0, 2).join(' or ')} in the folder` };
}
