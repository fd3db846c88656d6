import { createRequire } from 'node:module';

// The HTML libraries behind web_fetch and web_search cost ~0.4 s of CPU to load together,
// so they are required on first use instead of at import: most CLI starts and sessions
// never fetch a page. require (not import()) keeps the HTML helpers synchronous; all three
// ship a CommonJS build.
const requireHere = createRequire(import.meta.url);

let linkedomModule: typeof import('linkedom') | undefined;
let readabilityModule: typeof import('@mozilla/readability') | undefined;
let turndownModule: typeof import('turndown') | undefined;

/** linkedom (server-side DOM), loaded on first call. */
export function linkedom(): typeof import('linkedom') {
  linkedomModule ??= requireHere('linkedom') as typeof import('linkedom');
  return linkedomModule;
}

/** @mozilla/readability, loaded on first call. */
export function readability(): typeof import('@mozilla/readability') {
  readabilityModule ??= requireHere('@mozilla/readability') as typeof import('@mozilla/readability');
  return readabilityModule;
}

/** The turndown constructor (HTML → Markdown), loaded on first call. */
export function turndownClass(): typeof import('turndown') {
  turndownModule ??= requireHere('turndown') as typeof import('turndown');
  return turndownModule;
}
