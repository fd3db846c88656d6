import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type * as TreeSitter from '@vscode/tree-sitter-wasm';

/** A parsed bash syntax tree node (tree-sitter). */
export type BashNode = TreeSitter.Node;

// Resolve through Node's module resolution (not a path relative to this file) so the wasm
// files are found both from src-main under vitest and from the bundled out/main/cli.js.
const requireHere = createRequire(import.meta.url);

let parser: TreeSitter.Parser | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the tree-sitter runtime and the bash grammar (wasm) once. Idempotent: later calls
 * return the same promise; a failed load may be retried.
 */
export function loadBashParser(): Promise<void> {
  if (parser) return Promise.resolve();
  loading ??= (async () => {
    // Wasm runs on V8's baseline compiler only. With tiering, the first parse makes the bash
    // grammar's lexer hot, and optimizing it took 1.2-1.4 s of CPU during which the process's
    // event loop stood still (a CLI's first bash call, the desktop host's window traffic); a
    // 54 KB script parses in 55-70 ms instead of 36-53 (bench/bash-parser-start.mjs). Set
    // before the first wasm module is compiled; the parser is the only wasm in the process.
    setFlagsFromString('--liftoff-only');
    const ts = requireHere('@vscode/tree-sitter-wasm') as typeof TreeSitter;
    const dir = dirname(requireHere.resolve('@vscode/tree-sitter-wasm'));
    await ts.Parser.init({ locateFile: (file: string) => join(dir, file) });
    const bash = await ts.Language.load(join(dir, 'tree-sitter-bash.wasm'));
    const p = new ts.Parser();
    p.setLanguage(bash);
    parser = p;
  })().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/** True once {@link loadBashParser} has finished. */
export function isBashParserLoaded(): boolean {
  return parser !== undefined;
}

/**
 * Parses `source` and hands the root node to `visit`; the tree is freed afterwards (wasm
 * memory is not garbage-collected). Throws if the parser is not loaded yet.
 */
export function withBashTree<T>(source: string, visit: (root: BashNode) => T): T {
  if (!parser) throw new Error('The bash parser is not loaded: await loadBashParser() (or initCommandClassifier()) first.');
  const tree = parser.parse(source);
  if (!tree) throw new Error('tree-sitter returned no tree');
  try {
    return visit(tree.rootNode);
  } finally {
    tree.delete();
  }
}
