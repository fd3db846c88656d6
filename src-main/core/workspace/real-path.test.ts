import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkInside, realPathOf } from './real-path';

// A workspace with links that point out of it, built fresh in a temp dir.
let base: string;
let ws: string;
let outside: string;
beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gb-realpath-')));
  ws = join(base, 'ws');
  outside = join(base, 'outside');
  mkdirSync(join(ws, 'sub'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.txt'), 'x');
  symlinkSync(outside, join(ws, 'out-link')); // dir link out
  symlinkSync(join(outside, 'secret.txt'), join(ws, 'file-link')); // file link out
  symlinkSync(join(outside, 'not-yet.txt'), join(ws, 'dangling')); // dangling link out
  symlinkSync('../outside', join(ws, 'rel-link')); // relative link out
  symlinkSync('sub', join(ws, 'in-link')); // link that stays inside
  symlinkSync(join(ws, 'loop'), join(ws, 'loop')); // a loop
});

describe('realPathOf', () => {
  it.each([
    ['out-link/secret.txt', () => join(outside, 'secret.txt')],
    ['out-link/new/deep.txt', () => join(outside, 'new', 'deep.txt')],
    ['file-link', () => join(outside, 'secret.txt')],
    ['dangling', () => join(outside, 'not-yet.txt')],
    ['rel-link/x', () => join(outside, 'x')],
    ['in-link/a.txt', () => join(ws, 'sub', 'a.txt')],
    ['sub/../out-link/x', () => join(outside, 'x')],
    ['out-link/../ws/sub', () => join(ws, 'sub')], // `..` after a link goes up from where it points
    ['missing/dir/file', () => join(ws, 'missing', 'dir', 'file')],
  ])('%s', (rel, expected) => {
    expect(realPathOf(rel, ws)).toBe(expected());
  });

  it('does not hang on a symlink loop', () => {
    expect(realPathOf('loop/x', ws)).toContain('loop');
  });
});

describe('checkInside', () => {
  it.each([
    ['sub/a.txt', true],
    ['in-link/a.txt', true],
    ['.', true],
    ['out-link/secret.txt', false],
    ['file-link', false],
    ['dangling', false],
    ['rel-link/x', false],
    ['../outside/x', false],
    ['loop/x', true],
  ] as const)('%s → %s', (rel, ok) => {
    const r = checkInside(rel, [ws]);
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.reason).toContain('outside');
  });

  it('a root given through a symlink still contains its own files', () => {
    symlinkSync(ws, join(base, 'ws-alias'));
    expect(checkInside(join(ws, 'sub/a.txt'), [join(base, 'ws-alias')]).ok).toBe(true);
  });
});
