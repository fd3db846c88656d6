// @lane integration: runs the TypeScript compiler over the project's sources (tens of seconds)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const PUBLIC = join(ROOT, 'resources', 'glassbox-extension');
const CORE = join(ROOT, 'src-main', 'core');
const SHARED = join(ROOT, 'src-shared');

/** Type-checks `source` (a module in a temp folder) against the repo's files; returns the errors. */
function typeErrors(source: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'glassbox-ext-sync-'));
  const file = join(dir, 'check.ts');
  writeFileSync(file, source);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
    allowImportingTsExtensions: false,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => {
      const where = d.file && d.start !== undefined ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
      return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
    });
}

// Each check builds a TypeScript program: seconds on a loaded machine.
describe('resources/glassbox-extension.d.ts', { timeout: 180_000 }, () => {
  it('stays interchangeable with the core extension types (update the .d.ts when this fails)', () => {
    const errors = typeErrors(`
import type * as P from ${JSON.stringify(PUBLIC)};
import type * as C from ${JSON.stringify(join(CORE, 'extensions', 'types'))};
import type * as E from ${JSON.stringify(join(SHARED, 'events', 'event-types'))};
import type * as H from ${JSON.stringify(join(CORE, 'tools', 'tool-hooks'))};
import type * as T from ${JSON.stringify(join(CORE, 'tools', 'tool'))};
import type * as R from ${JSON.stringify(join(SHARED, 'events', 'tool-result'))};

type Assert<T extends true> = T;
type Extends<A, B> = [A] extends [B] ? true : false;
type Same<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;

// The same event names (an author can subscribe to every event core emits).
export type SameEventNames = Assert<Same<P.EventType, E.EventType>>;
// Every event core emits is described soundly by the public types.
export type EventsDescribed = Assert<Extends<E.GlassboxEvent, P.GlassboxEvent>>;
// Names the event types whose core shape the .d.ts does not describe (never when in sync).
type DriftedEvents = { [K in E.EventType]: Extends<E.GlassboxEventOf<K>, P.GlassboxEventOf<K>> extends true ? never : K }[E.EventType];
type AssertNone<T extends never> = T;
export type NoDriftedEvents = AssertNone<DriftedEvents>;
// Core's API offers everything the .d.ts promises, and the .d.ts declares everything core offers.
export type ApiCoreToPublic = Assert<Extends<C.ExtensionApi, P.ExtensionApi>>;
export type ApiPublicToCore = Assert<Extends<P.ExtensionApi, C.ExtensionApi>>;
// What authors write is what core accepts.
export type ExtensionAccepted = Assert<Extends<P.GlassboxExtension, C.GlassboxExtension>>;
export type ToolAccepted = Assert<Extends<P.ExtensionTool, C.ExtensionTool>>;
export type BeforeHookAccepted = Assert<Extends<P.BeforeToolHook, H.BeforeToolHook>>;
export type AfterHookAccepted = Assert<Extends<P.AfterToolHook, H.AfterToolHook>>;
// What hooks receive is described soundly.
export type CallDescribed = Assert<Same<T.ToolCallInfo, P.ToolCall>>;
export type ResultDescribed = Assert<Same<R.ToolResultRecord, P.ToolResultRecord>>;
`);
    expect(errors).toEqual([]);
  });

  it('catches a mismatch (the check itself can fail)', () => {
    const errors = typeErrors(`
import type * as P from ${JSON.stringify(PUBLIC)};
type Assert<T extends true> = T;
type Extends<A, B> = [A] extends [B] ? true : false;
interface Drifted { onLoad(api: { registerTool(tool: { name: number }): void }): void }
export type Bad = Assert<Extends<P.GlassboxExtension, Drifted>>;
`);
    expect(errors.length).toBeGreaterThan(0);
  });

  it('lets a JavaScript author type an extension with JSDoc', () => {
    const errors = typeErrors(`
import type { GlassboxExtension } from ${JSON.stringify(PUBLIC)};
const ext: GlassboxExtension = {
  onLoad(api) {
    api.registerTool({ name: 'hi', description: 'Says hi', execute: (args) => 'hi ' + String(args.who) });
    api.subscribe('tool_execution_end', (e) => api.log(e.tool + ' took ' + e.durationMs + ' ms'));
    api.addBeforeToolHook((call) => (call.tool === 'bash' ? { blocked: true, reason: 'no shell' } : undefined));
    api.addAfterToolHook((_call, result) => (result.error ? { override: 'failed', isError: true } : undefined));
  },
};
export default ext;
`);
    expect(errors).toEqual([]);
  });
});
