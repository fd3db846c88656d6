import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli';

/**
 * docs/architecture.md is a map a newcomer follows: every file and every function, class or
 * method it names in backticks must exist. A rename or move that leaves the page behind fails here.
 */
const DOC = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
const TRACKED = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
const SOURCES = TRACKED.filter((f) => /^src-(main|shared|renderer|preload)\/.*\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
const SOURCE_TEXT = SOURCES.map((f) => readFileSync(join(ROOT, f), 'utf8')).join('\n');

/** Every `code span` of the page (fenced diagrams left out: they name folders, not files). */
function codeSpans(md: string): string[] {
  const prose = md.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
}

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts`. */
function expandBraces(p: string): string[] {
  const m = /\{([^}]+)\}/.exec(p);
  if (!m) return [p];
  return m[1]!.split(',').flatMap((alt) => expandBraces(p.slice(0, m.index) + alt.trim() + p.slice(m.index + m[0].length)));
}

/** File paths the page names: whole ones from the root, or a tail of one (`store/bootstrap.ts`). */
export function namedFiles(md: string): string[] {
  return codeSpans(md)
    .map((s) => s.replace(/:\d+$/, ''))
    .filter((s) => /^[\w./{},-]+\.(ts|tsx|mjs|css|json)$/.test(s))
    .flatMap(expandBraces);
}

/**
 * Code names the page uses: `ToolCallAgent.run`, `reduceEvent`, `createAppHost({ … })`. Only names
 * with a capital inside (camelCase or PascalCase): plain words (`emit`, `seq`) are prose.
 */
export function namedSymbols(md: string): string[] {
  const out = new Set<string>();
  for (const span of codeSpans(md)) {
    const m = /^([A-Za-z_$][\w$]*)(?:\.([A-Za-z_$][\w$]*))?(?:\(.*\))?$/.exec(span);
    if (!m) continue;
    const [, first, member] = m;
    if (span.startsWith('api.') || span.startsWith('window.')) continue;
    for (const name of [first!, member].filter((n): n is string => !!n)) if (/[a-z][A-Z]|^[A-Z][a-z]/.test(name)) out.add(name);
  }
  return [...out];
}

/**
 * True when `name` is declared in the sources (a function, class, type, constant, method or
 * field) or imported there from a package (`React.lazy`, `useState`).
 */
export function isDeclared(name: string, text: string): boolean {
  const n = name.replace(/\$/g, '\\$');
  return (
    new RegExp(`import\\s+(?:type\\s+)?(?:\\*\\s+as\\s+)?(?:${n}\\b|[^;]*\\{[^}]*\\b${n}\\b[^}]*\\})[^;]*from\\s+'[^.']`).test(text) ||
    new RegExp(`\\b(function\\*?|class|interface|type|const|let|var|enum)\\s+${n}\\b`).test(text) ||
    new RegExp(`^\\s*(?:(?:public|private|protected|static|readonly|async|get|set|abstract|override)\\s+)*${n}\\s*[(<?:=]`, 'm').test(text)
  );
}

/**
 * The names the page places in a file: a name followed by its file in parentheses
 * (`` `ToolCallAgent.run` (`src-main/core/agent/tool-call-agent.ts`) ``) or beside it in parentheses
 * (`` (`TraceWriter`, `trace-writer.ts`) ``), a list item or table row
 * that starts with a file and then names what it holds (`` `x.ts` — `Name` ``, `` | `x.ts` | `Name` ``).
 * For `Class.member` the class is what the file exports and the member what it declares.
 */
export function namedPlacements(md: string): Array<{ name: string; member?: string; file: string }> {
  const prose = md.replace(/```[\s\S]*?```/g, '');
  const out: Array<{ name: string; member?: string; file: string }> = [];
  const add = (symbol: string, file: string): void => {
    // `window.glassbox`, `api.agent.send`: globals and the client object, not exports.
    if (symbol.startsWith('window.') || symbol.startsWith('api.')) return;
    const [name, member] = symbol.split('.');
    for (const f of expandBraces(file)) out.push({ name: name!, ...(member ? { member } : {}), file: f });
  };
  for (const m of prose.matchAll(/`([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?)(?:\([^`]*\))?`\s*\(`([\w./{},-]+\.tsx?)`/g)) add(m[1]!, m[2]!);
  for (const m of prose.matchAll(/\(`([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?)(?:\([^`]*\))?`,\s*`([\w./{},-]+\.tsx?)`\)/g)) add(m[1]!, m[2]!);
  for (const m of prose.matchAll(/`([\w./{},-]+\.tsx?)`\s*(?:—|\|)\s*`([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?)(?:\([^`]*\))?`/g)) add(m[2]!, m[1]!);
  return out;
}

/** True when the source `text` exports `name` (declared there with `export`, or in an `export { … }` list). */
export function isExported(name: string, text: string): boolean {
  const n = name.replace(/\$/g, '\\$');
  return (
    new RegExp(`export\\s+(?:default\\s+)?(?:declare\\s+)?(?:abstract\\s+)?(?:async\\s+)?(?:function\\*?|class|interface|type|const|let|var|enum)\\s+${n}\\b`).test(text) ||
    new RegExp(`export\\s+(?:type\\s+)?\\{[^}]*\\b${n}\\b[^}]*\\}`).test(text)
  );
}

/** What is wrong with each placement: the file is not there, or it does not export the name (or declare the member). */
export function misplaced(placements: ReturnType<typeof namedPlacements>, tracked: string[], read: (file: string) => string): string[] {
  const wrong: string[] = [];
  for (const p of placements) {
    const files = tracked.filter((t) => t === p.file || t.endsWith(`/${p.file}`));
    const label = `${p.name}${p.member ? `.${p.member}` : ''} in ${p.file}`;
    if (!files.length) wrong.push(`${label}: no such file`);
    else if (!files.some((f) => isExported(p.name, read(f)) && (!p.member || isDeclared(p.member, read(f))))) wrong.push(`${label}: not exported there`);
  }
  return wrong;
}

describe('docs/architecture.md names only what exists', () => {
  it('names files, and every file it names exists', () => {
    const files = namedFiles(DOC);
    expect(files.length).toBeGreaterThan(40);
    const missing = files.filter((f) => !TRACKED.some((t) => t === f || t.endsWith(`/${f}`)));
    expect(missing).toEqual([]);
  });

  it('names functions and classes, and every one it names is declared in the sources', () => {
    const symbols = namedSymbols(DOC);
    expect(symbols).toEqual(expect.arrayContaining(['ToolCallAgent', 'reduceEvent', 'createAppHost', 'applyCallEvent', 'FrameBatch']));
    const missing = symbols.filter((s) => !isDeclared(s, SOURCE_TEXT));
    expect(missing).toEqual([]);
  });

  it('the checks catch a stale name or path', () => {
    const stale = 'The store calls `applyEventsLater` in `src-renderer/src/store/gone-reducer.ts`; `ToolCallAgent.runOld` too.';
    expect(namedSymbols(stale)).toEqual(['applyEventsLater', 'ToolCallAgent', 'runOld']);
    expect(namedSymbols(stale).filter((s) => !isDeclared(s, SOURCE_TEXT))).toEqual(['applyEventsLater', 'runOld']);
    expect(namedFiles(stale)).toEqual(['src-renderer/src/store/gone-reducer.ts']);
    expect(TRACKED).not.toContain('src-renderer/src/store/gone-reducer.ts');
  });

  it('every name it places in a file is exported from that file', () => {
    const placements = namedPlacements(DOC);
    expect(placements.length).toBeGreaterThan(20);
    expect(placements).toEqual(expect.arrayContaining([{ name: 'ToolCallAgent', member: 'run', file: 'src-main/core/agent/tool-call-agent.ts' }]));
    expect(misplaced(placements, TRACKED, (f) => readFileSync(join(ROOT, f), 'utf8'))).toEqual([]);
  });

  it('the placement check catches a name that lives in another file, a wrong member and a gone file', () => {
    const read = (f: string): string => readFileSync(join(ROOT, f), 'utf8');
    const stale = [
      'Each viewer is `OpenSession` (`src-main/bridge/session-registry.ts`).',
      '`ToolCallAgent.runOld` (`src-main/core/agent/tool-call-agent.ts`) loops.',
      '| `gone-file.ts` | `GoneThing`: nothing |',
      '- `src-main/bridge/open-session.ts` — `OpenSession`, one object per open session.',
    ].join('\n');
    expect(misplaced(namedPlacements(stale), TRACKED, read)).toEqual([
      'OpenSession in src-main/bridge/session-registry.ts: not exported there',
      'ToolCallAgent.runOld in src-main/core/agent/tool-call-agent.ts: not exported there',
      'GoneThing in gone-file.ts: no such file',
    ]);
  });
});
