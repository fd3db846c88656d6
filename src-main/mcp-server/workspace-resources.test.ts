import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WorkspaceResources } from './workspace-resources';

function rig() {
  const base = mkdtempSync(join(tmpdir(), 'glassbox-wsres-'));
  const ws = join(base, 'ws');
  mkdirSync(join(ws, 'src'), { recursive: true });
  mkdirSync(join(ws, 'node_modules', 'x'), { recursive: true });
  writeFileSync(join(ws, 'a.txt'), 'A');
  writeFileSync(join(ws, 'src', 'b.ts'), 'B');
  writeFileSync(join(ws, 'node_modules', 'x', 'index.js'), 'X');
  writeFileSync(join(base, 'secret'), 'S');
  symlinkSync(join(base, 'secret'), join(ws, 'secret-link'));
  symlinkSync(base, join(ws, 'out'));
  return { base, ws, res: new WorkspaceResources(ws) };
}

describe('WorkspaceResources', () => {
  it('lists files breadth first, skipping tool folders and links that lead out', () => {
    const { ws, res } = rig();
    expect(res.list(undefined).resources.map((r) => r.name)).toEqual(['a.txt', 'src/b.ts']);
    expect(res.list(undefined).resources[0]).toMatchObject({ uri: pathToFileURL(join(ws, 'a.txt')).href, size: 1 });
    expect(() => res.list('not/a/listed/file')).toThrow(/Invalid cursor/);
  });

  it('reads only what is really inside; a missing file inside is undefined (not found)', () => {
    const { base, ws, res } = rig();
    expect(res.read(pathToFileURL(join(ws, 'a.txt')).href)).toEqual([{ uri: pathToFileURL(join(ws, 'a.txt')).href, mimeType: 'text/plain', text: 'A' }]);
    expect(res.read(pathToFileURL(join(ws, 'nope.txt')).href)).toBeUndefined();
    for (const p of [join(ws, 'secret-link'), join(ws, 'out', 'secret'), join(ws, 'out', 'missing'), join(base, 'secret'), '/etc/hostname']) {
      expect(() => res.read(pathToFileURL(p).href), p).toThrow(/outside the workspace/);
    }
    expect(() => res.read('http://example.com/a.txt')).toThrow(/Not a local file URI/);
    expect(() => res.read(pathToFileURL(join(ws, 'src')).href)).toThrow(/is a folder/);
  });

  it('completes paths inside the workspace only', () => {
    const { ws, res } = rig();
    expect(res.completePath(join(ws, 's'))).toEqual([join(ws, 'src') + '/']);
    expect(res.completePath(join(ws, 'src') + '/')).toEqual([join(ws, 'src', 'b.ts')]);
    expect(res.completePath(join(ws, 'out') + '/')).toEqual([]);
    expect(res.completePath('/etc/')).toEqual([]);
  });

  it('does not serve credentials or Glassbox’s own files when the workspace holds them (a workspace that is the home folder)', () => {
    const base = mkdtempSync(join(tmpdir(), 'glassbox-wsres-home-'));
    mkdirSync(join(base, '.ssh'));
    mkdirSync(join(base, '.glassbox'));
    writeFileSync(join(base, '.ssh', 'id_rsa'), 'FAKE-PRIVATE-KEY');
    writeFileSync(join(base, '.glassbox', 'config.json'), '{"llm":{"apiKey":"sk-FAKE"}}');
    writeFileSync(join(base, 'notes.txt'), 'N');
    const res = new WorkspaceResources(base, { home: base, privatePaths: [join(base, '.glassbox')] });
    for (const p of [join(base, '.ssh', 'id_rsa'), join(base, '.glassbox', 'config.json')]) {
      expect(() => res.read(pathToFileURL(p).href), p).toThrow(/credentials or Glassbox/);
    }
    expect(res.list(undefined).resources.map((r) => r.name)).toEqual(['notes.txt']);
    expect(res.completePath(base + '/.')).toEqual([]);
  });
});
