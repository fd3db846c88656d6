import type { CatalogPrompt, CatalogResource, CatalogResourceTemplate } from '../mcp/common/catalog';
import { UriTemplateMatcher } from '../mcp/common/uri-template';
import type { CheckResult } from './manifest';

const PROMPT_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function checkCompleters(what: string, complete: unknown): CheckResult {
  if (complete === undefined) return { ok: true };
  if (!isObject(complete)) return { ok: false, reason: `${what}: complete must be an object of functions by name` };
  for (const [k, fn] of Object.entries(complete)) {
    if (typeof fn !== 'function') return { ok: false, reason: `${what}: complete.${k} must be a function (value, context) => string[]` };
  }
  return { ok: true };
}

function checkUri(uri: unknown): boolean {
  if (typeof uri !== 'string' || !uri) return false;
  try {
    new URL(uri);
    return true;
  } catch {
    return false;
  }
}

/** Checks a fixed resource handed to `registerResource`. */
export function checkExtensionResource(def: unknown): CheckResult {
  if (!isObject(def)) return { ok: false, reason: 'a resource must be an object' };
  if (!checkUri(def.uri)) return { ok: false, reason: `invalid resource uri ${JSON.stringify(def.uri)}: use an absolute URI (scheme://…)` };
  if (typeof def.name !== 'string' || !def.name.trim()) return { ok: false, reason: `resource '${String(def.uri)}' needs a name` };
  if (typeof def.read !== 'function') return { ok: false, reason: `resource '${String(def.uri)}' needs a read() function` };
  return { ok: true };
}

/** Checks a template handed to `registerResourceTemplate`. */
export function checkExtensionResourceTemplate(def: unknown): CheckResult {
  if (!isObject(def)) return { ok: false, reason: 'a resource template must be an object' };
  if (typeof def.uriTemplate !== 'string' || !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(def.uriTemplate)) {
    return { ok: false, reason: `invalid uriTemplate ${JSON.stringify(def.uriTemplate)}: use scheme://…{name}…` };
  }
  try {
    new UriTemplateMatcher(def.uriTemplate);
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
  const what = `resource template '${def.uriTemplate}'`;
  if (typeof def.name !== 'string' || !def.name.trim()) return { ok: false, reason: `${what} needs a name` };
  if (typeof def.read !== 'function') return { ok: false, reason: `${what} needs a read(uri, variables) function` };
  if (def.list !== undefined && typeof def.list !== 'function') return { ok: false, reason: `${what}: list must be a function (cursor) => { resources, nextCursor? }` };
  return checkCompleters(what, def.complete);
}

/** Checks a prompt handed to `registerPrompt`. */
export function checkExtensionPrompt(def: unknown): CheckResult {
  if (!isObject(def)) return { ok: false, reason: 'a prompt must be an object' };
  if (typeof def.name !== 'string' || !PROMPT_NAME.test(def.name)) return { ok: false, reason: `invalid prompt name ${JSON.stringify(def.name)}: use 1-64 of A-Z a-z 0-9 _ . -` };
  const what = `prompt '${def.name}'`;
  if (typeof def.get !== 'function') return { ok: false, reason: `${what} needs a get(args, ctx) function` };
  if (def.arguments !== undefined) {
    if (!Array.isArray(def.arguments)) return { ok: false, reason: `${what}: arguments must be an array of { name, description?, required? }` };
    for (const a of def.arguments) {
      if (!isObject(a) || typeof a.name !== 'string' || !a.name) return { ok: false, reason: `${what}: every argument needs a name` };
    }
  }
  return checkCompleters(what, def.complete);
}

/** The catalog entries as registered (a frozen copy, so later changes by the author do not leak in). */
export function asCatalogResource(def: CatalogResource): CatalogResource {
  return { ...def };
}

export function asCatalogTemplate(def: CatalogResourceTemplate): CatalogResourceTemplate {
  return { ...def, ...(def.complete ? { complete: { ...def.complete } } : {}) };
}

export function asCatalogPrompt(def: CatalogPrompt): CatalogPrompt {
  return { ...def, ...(def.arguments ? { arguments: def.arguments.map((a) => ({ ...a })) } : {}), ...(def.complete ? { complete: { ...def.complete } } : {}) };
}
