import { describe, expect, it } from 'vitest';
import {
  checkExtensionName,
  checkModulePath,
  isSkippedFolderName,
  moduleCandidates,
  parseExtensionManifest,
} from './manifest';

describe('parseExtensionManifest', () => {
  it('applies the documented defaults to an empty manifest', () => {
    expect(parseExtensionManifest('', 'my-ext')).toEqual({
      ok: true,
      value: { name: 'my-ext', version: '0.1.0', module: 'my-ext', moduleExplicit: false },
    });
  });

  it('defaults module to the manifest name, not the folder name', () => {
    const r = parseExtensionManifest('name: audit\n', 'folder-x');
    expect(r.ok && r.value).toMatchObject({ name: 'audit', module: 'audit', version: '0.1.0', moduleExplicit: false });
  });

  it('keeps every field that is given', () => {
    const r = parseExtensionManifest('name: a\nversion: 2.0.1\nmodule: lib/main.mjs\nclass: Audit\ndescription: logs calls\n', 'f');
    expect(r).toEqual({
      ok: true,
      value: { name: 'a', version: '2.0.1', module: 'lib/main.mjs', moduleExplicit: true, className: 'Audit', description: 'logs calls' },
    });
  });

  it('accepts a numeric version as written by YAML', () => {
    const r = parseExtensionManifest('version: 1.5\n', 'f');
    expect(r.ok && r.value.version).toBe('1.5');
  });

  const bad: [string, string, RegExp][] = [
    ['broken YAML', 'name: [unclosed', /plugin\.yaml: /],
    ['a list instead of a mapping', '- a\n- b\n', /must be a mapping/],
    ['a scalar document', 'hello', /must be a mapping/],
    ['a non-string name', 'name: {a: 1}', /'name' must be a string/],
    ['a non-string module', 'module: [x]', /'module' must be a string/],
    ['a name with spaces', 'name: my ext', /invalid extension name 'my ext'/],
    ['a name starting with a dot', 'name: .hidden', /invalid extension name/],
  ];
  it.each(bad)('rejects %s', (_label, text, reason) => {
    const r = parseExtensionManifest(text, 'folder');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});

describe('checkExtensionName', () => {
  const cases: [string, boolean][] = [
    ['audit-log', true],
    ['policy_tool', true],
    ['v1.2', true],
    ['A', true],
    ['', false],
    ['-leading', false],
    ['_private', false],
    ['has space', false],
    ['slash/name', false],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
  ];
  it.each(cases)('%j → %s', (name, ok) => {
    expect(checkExtensionName(name).ok).toBe(ok);
  });
});

describe('checkModulePath', () => {
  const folder = '/home/u/.glassbox/extensions/x';
  const cases: [string, boolean][] = [
    ['x.js', true],
    ['lib/main.mjs', true],
    ['./index.cjs', true],
    ['../other/x.js', false],
    ['lib/../../x.js', false],
    ['/etc/passwd', false],
    ['.', false],
    ['', false],
  ];
  it.each(cases)('%j inside the folder: %s', (module, ok) => {
    const r = checkModulePath(folder, module);
    expect(r.ok).toBe(ok);
    if (r.ok) expect(r.value.startsWith(folder + '/')).toBe(true);
  });
});

describe('moduleCandidates', () => {
  it('tries .js, .mjs, .cjs, then the manifest-less entry files when module was defaulted', () => {
    expect(moduleCandidates({ module: 'audit', moduleExplicit: false })).toEqual([
      'audit.js',
      'audit.mjs',
      'audit.cjs',
      'extension.js',
      'extension.mjs',
      'extension.cjs',
    ]);
  });
  it('uses an explicit module with an extension as written, without fallbacks', () => {
    expect(moduleCandidates({ module: 'lib/main.cjs', moduleExplicit: true })).toEqual(['lib/main.cjs']);
  });
  it('resolves an explicit module without an extension', () => {
    expect(moduleCandidates({ module: 'main', moduleExplicit: true })).toEqual(['main.js', 'main.mjs', 'main.cjs']);
  });
});

describe('isSkippedFolderName', () => {
  const cases: [string, boolean][] = [
    ['_draft', true],
    ['.git', true],
    ['node_modules', true],
    ['audit', false],
    ['a_b', false],
  ];
  it.each(cases)('%j skipped: %s', (name, skipped) => {
    expect(isSkippedFolderName(name)).toBe(skipped);
  });
});
