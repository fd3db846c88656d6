import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CheckValue } from './manifest';
import type { GlassboxExtension } from './types';

/** Whether Node treats a file as an ES module or CommonJS (its own rules, without flags). */
export type ModuleKind = 'esm' | 'cjs';

const nodeRequire = createRequire(import.meta.url);

/** Every import gets a new query so a reload reads the file again (ESM has no cache eviction). */
let generation = 0;

/**
 * The package.json `type` that governs a `.js` file: the nearest package.json upwards decides,
 * as in Node. Pure apart from the injected reader.
 */
export function moduleKindOf(file: string, readPackageType: (dir: string) => string | null | undefined = readPackageTypeAt): ModuleKind {
  if (file.endsWith('.mjs')) return 'esm';
  if (file.endsWith('.cjs')) return 'cjs';
  let dir = dirname(file);
  for (;;) {
    const type = readPackageType(dir);
    if (type !== undefined) return type === 'module' ? 'esm' : 'cjs';
    const parent = dirname(dir);
    if (parent === dir) return 'cjs';
    dir = parent;
  }
}

/** The `type` of `dir/package.json`: undefined when there is none, null when it has no type. */
function readPackageTypeAt(dir: string): string | null | undefined {
  const p = join(dir, 'package.json');
  if (!existsSync(p)) return undefined;
  try {
    const pkg = JSON.parse(readFileSync(p, 'utf8')) as { type?: unknown };
    return typeof pkg.type === 'string' ? pkg.type : null;
  } catch {
    return null; // a broken package.json counts as "no type", which is what Node does for `type`
  }
}

/** Forgets every CommonJS module loaded from inside `folder`, so the next require reads them again. */
export function clearRequireCache(folder: string): void {
  const prefix = folder.endsWith(sep) ? folder : folder + sep;
  for (const key of Object.keys(nodeRequire.cache)) {
    if (key.startsWith(prefix)) delete nodeRequire.cache[key];
  }
}

/**
 * Loads a module fresh, however Node classifies it (ESM, CommonJS, or a `.js` file whose ESM
 * syntax Node detects): dynamic import with a cache-busting query, after clearing the folder's
 * CommonJS cache entries so required files are read again too. For CommonJS the result is
 * `{ default: module.exports, ...module.exports }`.
 */
export async function importFresh(file: string, folder: string): Promise<Record<string, unknown>> {
  clearRequireCache(folder);
  const url = `${pathToFileURL(file).href}?glassbox-load=${++generation}`;
  const ns = (await import(/* @vite-ignore */ url)) as Record<string, unknown>;
  if (moduleKindOf(file) === 'cjs') {
    const exports = ns.default;
    const named = exports && (typeof exports === 'object' || typeof exports === 'function') ? (exports as Record<string, unknown>) : {};
    return { ...named, ...ns, default: exports };
  }
  return ns;
}

/** Unwraps `exports.default` of transpiled (TypeScript/Babel) CommonJS. */
function unwrapInterop(v: unknown): unknown {
  if (v && (typeof v === 'object' || typeof v === 'function')) {
    const o = v as { __esModule?: unknown; default?: unknown };
    if (o.__esModule && o.default !== undefined) return o.default;
  }
  return v;
}

function isExtensionObject(v: unknown): v is GlassboxExtension {
  return !!v && typeof v === 'object' && typeof (v as GlassboxExtension).onLoad === 'function';
}

/** True for a class (or constructor function) whose instances have `onLoad`. */
function looksLikeExtensionClass(v: unknown): v is new () => GlassboxExtension {
  if (typeof v !== 'function') return false;
  const proto = (v as { prototype?: unknown }).prototype as { onLoad?: unknown } | undefined;
  return typeof proto?.onLoad === 'function' || /^class\b/.test(Function.prototype.toString.call(v));
}

/** Turns one export into an extension instance: objects as they are, classes constructed. */
export function instantiateExtension(value: unknown, label: string): CheckValue<GlassboxExtension> {
  const v = unwrapInterop(value);
  if (isExtensionObject(v)) return { ok: true, value: v };
  if (looksLikeExtensionClass(v)) {
    let instance: unknown;
    try {
      instance = new v();
    } catch (err) {
      return { ok: false, reason: `constructing ${label} failed: ${(err as Error)?.message ?? String(err)}` };
    }
    if (isExtensionObject(instance)) return { ok: true, value: instance };
    return { ok: false, reason: `${label} has no onLoad(api) method` };
  }
  return { ok: false, reason: `${label} is not an extension (a class or object with onLoad(api))` };
}

/**
 * Picks the extension from a loaded module (docs/extensions.md): the named export `className` when the
 * manifest says `class`, else the default export, else the first export (alphabetical, the
 * order of an ES module namespace) that is an extension.
 */
export function pickExtension(ns: Record<string, unknown>, className?: string): CheckValue<GlassboxExtension> {
  if (className) {
    const fromDefault = unwrapInterop(ns.default) as Record<string, unknown> | undefined;
    const v = ns[className] ?? (fromDefault && typeof fromDefault === 'object' ? fromDefault[className] : undefined);
    if (v === undefined) return { ok: false, reason: `the module has no export named '${className}'` };
    return instantiateExtension(v, `export '${className}'`);
  }
  const def = unwrapInterop(ns.default);
  if (def !== undefined && (isExtensionObject(def) || typeof def === 'function')) {
    return instantiateExtension(def, 'the default export');
  }
  for (const key of Object.keys(ns)) {
    if (key === 'default' || key === '__esModule') continue;
    const v = ns[key];
    if (isExtensionObject(v) || looksLikeExtensionClass(v)) return instantiateExtension(v, `export '${key}'`);
  }
  if (def !== undefined && def !== null && typeof def === 'object') {
    // CommonJS `exports.Foo = class …` arrives as an object default: look inside it too.
    for (const [key, v] of Object.entries(def as Record<string, unknown>)) {
      if (looksLikeExtensionClass(v) || isExtensionObject(v)) return instantiateExtension(v, `export '${key}'`);
    }
  }
  return { ok: false, reason: 'the module exports no extension (a class or object with onLoad(api))' };
}
