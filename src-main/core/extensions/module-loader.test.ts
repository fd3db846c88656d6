import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFresh, moduleKindOf, pickExtension } from './module-loader';

describe('moduleKindOf', () => {
  const types = (map: Record<string, string | null>) => (dir: string) => (dir in map ? map[dir] : undefined);
  const cases: [string, string, Record<string, string | null>, 'esm' | 'cjs'][] = [
    ['.mjs is always ESM', '/a/b/x.mjs', { '/a/b': 'commonjs' }, 'esm'],
    ['.cjs is always CommonJS', '/a/b/x.cjs', { '/a/b': 'module' }, 'cjs'],
    ['.js without any package.json is CommonJS', '/a/b/x.js', {}, 'cjs'],
    ['.js under type module is ESM', '/a/b/x.js', { '/a/b': 'module' }, 'esm'],
    ['the nearest package.json decides', '/a/b/x.js', { '/a/b': null, '/a': 'module' }, 'cjs'],
    ['a parent package.json applies', '/a/b/x.js', { '/a': 'module' }, 'esm'],
  ];
  it.each(cases)('%s', (_label, file, map, kind) => {
    expect(moduleKindOf(file, types(map))).toBe(kind);
  });
});

describe('pickExtension', () => {
  class Named {
    onLoad(): void {}
  }
  const obj = { onLoad(): void {} };

  it('uses the default export object', () => {
    const r = pickExtension({ default: obj });
    expect(r.ok && r.value).toBe(obj);
  });
  it('constructs a default-exported class', () => {
    const r = pickExtension({ default: Named });
    expect(r.ok && r.value).toBeInstanceOf(Named);
  });
  it('uses the manifest class over the default export', () => {
    class Other {
      onLoad(): void {}
    }
    const r = pickExtension({ default: Named, Other }, 'Other');
    expect(r.ok && r.value).toBeInstanceOf(Other);
  });
  it('finds the first exported extension when there is no default', () => {
    const r = pickExtension({ helper: 42, Named });
    expect(r.ok && r.value).toBeInstanceOf(Named);
  });
  it('unwraps transpiled CommonJS (exports.default + __esModule)', () => {
    const r = pickExtension({ default: { __esModule: true, default: Named } });
    expect(r.ok && r.value).toBeInstanceOf(Named);
  });
  it('finds a class inside a CommonJS exports object', () => {
    const r = pickExtension({ default: { Named } });
    expect(r.ok && r.value).toBeInstanceOf(Named);
  });

  const bad: [string, Record<string, unknown>, string | undefined, RegExp][] = [
    ['a missing manifest class', { default: obj }, 'Nope', /no export named 'Nope'/],
    ['a default without onLoad', { default: { hello: 1 } }, undefined, /exports no extension/],
    ['a class without onLoad', { default: class Empty {} }, undefined, /has no onLoad/],
    ['a throwing constructor', { default: class Boom { constructor() { throw new Error('ctor boom'); } onLoad(): void {} } }, undefined, /constructing the default export failed: ctor boom/],
    ['an empty module', {}, undefined, /exports no extension/],
  ];
  it.each(bad)('reports %s', (_label, ns, className, reason) => {
    const r = pickExtension(ns, className);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});

describe('importFresh', () => {
  const dir = mkdtempSync(join(tmpdir(), 'glassbox-loader-'));

  it('reads an ES module again after it changed', async () => {
    const folder = join(dir, 'esm');
    mkdirSync(folder);
    const file = join(folder, 'extension.mjs');
    writeFileSync(file, 'export default { v: 1 };\n');
    const first = await importFresh(file, folder);
    writeFileSync(file, 'export default { v: 2 };\n');
    const second = await importFresh(file, folder);
    expect((first.default as { v: number }).v).toBe(1);
    expect((second.default as { v: number }).v).toBe(2);
  });

  it('reads a CommonJS module (and the files it requires) again after they changed', async () => {
    const folder = join(dir, 'cjs');
    mkdirSync(folder);
    const file = join(folder, 'extension.js');
    writeFileSync(join(folder, 'dep.js'), 'module.exports = 1;\n');
    writeFileSync(file, "exports.v = require('./dep.js');\n");
    const first = await importFresh(file, folder);
    writeFileSync(join(folder, 'dep.js'), 'module.exports = 2;\n');
    const second = await importFresh(file, folder);
    expect(first.v).toBe(1);
    expect(second.v).toBe(2);
    expect((second.default as { v: number }).v).toBe(2);
  });
});
