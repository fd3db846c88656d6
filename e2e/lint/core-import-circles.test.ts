// @lane unit: reads source files only (no build, no process)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli';
import { folderImportGraph, importCircles } from './folder-import-graph';

/**
 * Core's folders (agent, tools, mcp, secrets, session …) form layers: an arrow between two
 * folders runs one way only. A circle (config → secrets → config) means neither can be read,
 * tested or moved without the other; it is broken by moving the shared piece to where it
 * belongs, never by a re-export. Type-only imports count: they tie the folders together too.
 */
describe('no import circle between the folders of src-main/core', () => {
  it('the folder-level import graph of the sources has no circle', () => {
    const graph = folderImportGraph(join(ROOT, 'src-main/core'));
    expect(graph.folders.length).toBeGreaterThan(10); // it read the real tree
    expect(importCircles(graph).map((c) => c.description)).toEqual([]);
  });
});

describe('the circle finder', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  function tree(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'gb-circles-'));
    dirs.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  it('names a two-folder circle and the imports that make it, type-only imports included', () => {
    const root = tree({
      'config/config.ts': `import { SecretStore } from '../secrets/secret-store';\nexport const c = SecretStore;\n`,
      'secrets/secret-store.ts': `import type { Config } from '../config/config';\nexport class SecretStore {}\nexport type X = Config;\n`,
      'events/bus.ts': `export const bus = 1;\n`,
    });
    const circles = importCircles(folderImportGraph(root));
    expect(circles).toHaveLength(1);
    expect(circles[0]!.folders).toEqual(['config', 'secrets']);
    expect(circles[0]!.description).toBe(
      'config → secrets → config (config/config.ts imports ../secrets/secret-store; secrets/secret-store.ts imports ../config/config)',
    );
  });

  it('finds a longer circle, through re-exports and dynamic imports, and ignores tests and one-way arrows', () => {
    const root = tree({
      'a/x.ts': `export { y } from '../b/y';\n`,
      'b/y.ts': `export async function y() { return import('../c/z'); }\n`,
      'c/z.ts': `import '../a/x';\nimport { e } from '../events/e';\nexport const z = e;\n`,
      'events/e.ts': `export const e = 1;\n`,
      'events/e.test.ts': `import { z } from '../c/z';\n`,
    });
    const circles = importCircles(folderImportGraph(root));
    expect(circles.map((c) => c.folders)).toEqual([['a', 'b', 'c']]);
    expect(circles[0]!.description).toMatch(/^a → b → c → a \(/);
  });

  it('a tree without circles gives none', () => {
    const root = tree({ 'a/x.ts': `import '../b/y';\n`, 'b/y.ts': `import 'node:fs';\nimport 'zod';\n` });
    expect(importCircles(folderImportGraph(root))).toEqual([]);
  });
});
