import { createRequire } from 'node:module';
import { isAbsolute, relative, resolve } from 'node:path';

// yaml is required when the first manifest is parsed, not at import (~0.1 s of CPU that
// starts without extensions never need).
const requireHere = createRequire(import.meta.url);
let yamlModule: typeof import('yaml') | undefined;
function parseYaml(text: string): unknown {
  yamlModule ??= requireHere('yaml') as typeof import('yaml');
  return yamlModule.parse(text);
}

/** `plugin.yaml` after defaults are applied (docs/extensions.md). */
export interface ExtensionManifest {
  /** Default: the folder name. */
  name: string;
  /** Default: `0.1.0`. */
  version: string;
  /** The module to load, relative to the folder; default: `name` (resolved as .js/.mjs/.cjs). */
  module: string;
  /** True when `module` was written in the manifest (no fallback to `extension.*` then). */
  moduleExplicit: boolean;
  /** The named export to use; default: the module's default export. */
  className?: string;
  description?: string;
}

/** Result of a pure check: fine, or why not. */
export type CheckResult = { ok: true } | { ok: false; reason: string };

/** Result of a pure check that also produces a value. */
export type CheckValue<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The file name of a manifest. */
export const MANIFEST_FILE = 'plugin.yaml';

/** Module file extensions tried, in order, when `module` has none. */
export const MODULE_EXTENSIONS = ['.js', '.mjs', '.cjs'] as const;

/** Entry files of an extension folder without a manifest, in order. */
export const ENTRY_FILES = ['extension.js', 'extension.mjs', 'extension.cjs'] as const;

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * An extension name must be usable as a tool source (`extension:<name>`), a config key and a
 * log prefix: letters, digits, `.`, `_`, `-`, starting with a letter or digit, at most 64.
 */
export function checkExtensionName(name: string): CheckResult {
  if (NAME_PATTERN.test(name)) return { ok: true };
  return {
    ok: false,
    reason: `invalid extension name '${name}': use letters, digits, '.', '_' or '-', starting with a letter or digit (at most 64)`,
  };
}

/** True for folder names discovery skips: `_drafts`, `.git`, `node_modules`. */
export function isSkippedFolderName(name: string): boolean {
  return name.startsWith('_') || name.startsWith('.') || name === 'node_modules';
}

/**
 * A module path from a manifest must stay inside the extension's folder: an extension that
 * loads code from elsewhere would make `extensions list` lie about where its code lives.
 */
export function checkModulePath(folder: string, modulePath: string): CheckValue<string> {
  if (modulePath.trim() === '') return { ok: false, reason: 'module is empty' };
  if (isAbsolute(modulePath)) return { ok: false, reason: `module '${modulePath}' must be relative to the extension folder` };
  const full = resolve(folder, modulePath);
  const rel = relative(folder, full);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) {
    return { ok: false, reason: `module '${modulePath}' points outside the extension folder` };
  }
  return { ok: true, value: full };
}

function optionalString(doc: Record<string, unknown>, key: string): CheckValue<string | undefined> {
  const v = doc[key];
  if (v === undefined || v === null) return { ok: true, value: undefined };
  if (typeof v === 'string') return { ok: true, value: v.trim() };
  // `version: 1.2` parses as a number; accept it as written rather than fail a whole extension.
  if (key === 'version' && typeof v === 'number') return { ok: true, value: String(v) };
  return { ok: false, reason: `'${key}' must be a string` };
}

/**
 * Parses `plugin.yaml` text and applies the documented defaults. Pure: never touches the disk.
 * `folderName` supplies the default name.
 */
export function parseExtensionManifest(text: string, folderName: string): CheckValue<ExtensionManifest> {
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (err) {
    return { ok: false, reason: `${MANIFEST_FILE}: ${(err as Error).message.split('\n')[0]}` };
  }
  if (doc === null || doc === undefined) doc = {};
  if (typeof doc !== 'object' || Array.isArray(doc)) {
    return { ok: false, reason: `${MANIFEST_FILE}: must be a mapping of keys (name, version, module, class, description)` };
  }
  const d = doc as Record<string, unknown>;
  const fields: Record<string, string | undefined> = {};
  for (const key of ['name', 'version', 'module', 'class', 'description']) {
    const r = optionalString(d, key);
    if (!r.ok) return { ok: false, reason: `${MANIFEST_FILE}: ${r.reason}` };
    fields[key] = r.value === '' ? undefined : r.value;
  }
  const name = fields.name ?? folderName;
  const nameCheck = checkExtensionName(name);
  if (!nameCheck.ok) return { ok: false, reason: `${MANIFEST_FILE}: ${nameCheck.reason}` };
  const manifest: ExtensionManifest = {
    name,
    version: fields.version ?? '0.1.0',
    module: fields.module ?? name,
    moduleExplicit: fields.module !== undefined,
  };
  if (fields.class) manifest.className = fields.class;
  if (fields.description) manifest.description = fields.description;
  return { ok: true, value: manifest };
}

/**
 * The files to try for a manifest's module, in order: the path as written when it has a
 * module extension, else `<module>.js|.mjs|.cjs`; when `module` was defaulted, then the
 * manifest-less entry files (so a plugin.yaml can just add metadata to `extension.js`).
 */
export function moduleCandidates(manifest: Pick<ExtensionManifest, 'module' | 'moduleExplicit'>): string[] {
  const m = manifest.module;
  const hasExt = MODULE_EXTENSIONS.some((ext) => m.endsWith(ext));
  const own = hasExt ? [m] : MODULE_EXTENSIONS.map((ext) => m + ext);
  return manifest.moduleExplicit ? own : [...own, ...ENTRY_FILES.filter((f) => !own.includes(f))];
}
