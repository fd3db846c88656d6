// @lane integration: mkfifo
import { execFileSync } from 'node:child_process';
import { linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DESCRIPTOR_RELATIVE, locate } from './dir-walk';
import { readRefusal, writeRefusal } from './file-access';
import { BoundaryError, FileBoundary } from './file-boundary';

// The boundary every tool's file access crosses, attacked the ways issue 21 lists: symlinks at
// every level, `..`, /proc/self/root, hard links, trailing slashes, kinds that change, FIFOs,
// devices, sockets and endless files. Real files in a temp dir made here.

let base: string;
let ws: string;
let outside: string;
let hidden: string;
let boundary: FileBoundary;

function rulesFor(granted: string[] = []) {
  const access = { workspace: ws, hidden: [hidden], granted };
  return { mayRead: (r: string) => readRefusal(r, access), mayWrite: (r: string, k: 'file' | 'dir') => writeRefusal(r, k, access) };
}

async function refusal(p: Promise<unknown> | (() => unknown)): Promise<BoundaryError> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    if (err instanceof BoundaryError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gb-boundary-')));
  ws = join(base, 'ws');
  outside = join(base, 'outside');
  hidden = join(base, 'hidden');
  for (const d of [join(ws, 'sub', 'deep'), outside, hidden]) mkdirSync(d, { recursive: true });
  writeFileSync(join(ws, 'a.txt'), 'A');
  writeFileSync(join(ws, 'sub', 'deep', 'b.txt'), 'B');
  writeFileSync(join(outside, 'o.txt'), 'OUT');
  writeFileSync(join(hidden, 'key'), 'SECRET');
  symlinkSync(outside, join(ws, 'out')); // folder link out
  symlinkSync('../outside', join(ws, 'rel-out')); // relative folder link out
  symlinkSync(join(outside, 'o.txt'), join(ws, 'o-link')); // file link out
  symlinkSync(join(outside, 'new.txt'), join(ws, 'dangling')); // dangling link out
  symlinkSync(hidden, join(ws, 'keys')); // link into a hidden folder
  symlinkSync('sub', join(ws, 'in')); // link that stays inside
  symlinkSync('..', join(ws, 'sub', 'up')); // link to the parent
  symlinkSync(join(ws, 'loop'), join(ws, 'loop'));
  boundary = new FileBoundary(rulesFor(), { maxReadBytes: 1024, what: 'the test' });
});

afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('the walk', () => {
  it('resolves links itself and reports the real path, link by link', () => {
    const cases: [string, string][] = [
      [join(ws, 'in', 'deep', 'b.txt'), join(ws, 'sub', 'deep', 'b.txt')],
      [join(ws, 'out', 'o.txt'), join(outside, 'o.txt')],
      [join(ws, 'rel-out', 'o.txt'), join(outside, 'o.txt')],
      [join(ws, 'sub', 'up', 'out', 'o.txt'), join(outside, 'o.txt')],
      // `..` after a link goes up from the link's target, as the kernel does.
      [`${ws}/out/../ws/a.txt`, join(ws, 'a.txt')],
      [`/proc/self/root${join(outside, 'o.txt')}`, join(outside, 'o.txt')],
      [`${ws}/sub/deep/`, join(ws, 'sub', 'deep')],
      ['/', '/'],
    ];
    for (const [path, real] of cases) {
      const loc = locate(path, { followFinal: true });
      loc.close();
      expect(loc.real, path).toBe(real);
    }
  });

  it('stops at a loop', () => {
    expect(() => locate(join(ws, 'loop', 'x'), { followFinal: true })).toThrow(/too many levels/);
  });

  it('resolves names through descriptors on Linux', () => {
    if (process.platform === 'linux') expect(DESCRIPTOR_RELATIVE).toBe(true);
  });
});

describe('reads', () => {
  it('reads files inside and outside, through links that stay visible', async () => {
    expect((await boundary.readFile(join(ws, 'in', 'deep', 'b.txt'))).toString()).toBe('B');
    expect((await boundary.readFile(join(ws, 'o-link'))).toString()).toBe('OUT');
  });

  it.each([
    ['directly', () => join(hidden, 'key')],
    ['through a folder link', () => join(ws, 'keys', 'key')],
    ['through /proc/self/root', () => `/proc/self/root${hidden}/key`],
    ['through a link to the parent', () => join(ws, 'sub', 'up', 'keys', 'key')],
    ['through `..` after a link', () => `${ws}/out/../hidden/key`],
  ])('refuses a hidden file %s, and says nothing about whether it exists', async (_how, path) => {
    expect((await refusal(boundary.readFile(path()))).code).toBe('hidden');
    expect((await refusal(() => boundary.stat(path()))).code).toBe('hidden');
    expect((await refusal(() => boundary.stat(`${path()}-missing`))).code).toBe('hidden');
    expect((await refusal(() => boundary.readDirectory(join(ws, 'keys')))).code).toBe('hidden');
  });

  it('reads a hidden path that was granted, and only that one', async () => {
    const b = new FileBoundary(rulesFor([join(hidden, 'key')]), { maxReadBytes: 1024, what: 'the test' });
    expect((await b.readFile(join(ws, 'keys', 'key'))).toString()).toBe('SECRET');
    writeFileSync(join(hidden, 'other'), 'S2');
    expect((await refusal(b.readFile(join(hidden, 'other')))).code).toBe('hidden');
  });

  it('refuses FIFOs, sockets and devices without opening them for good, and files past the limit', async () => {
    execFileSync('mkfifo', [join(ws, 'fifo')]);
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(join(ws, 'sock'), resolve));
    try {
      for (const p of [join(ws, 'fifo'), join(ws, 'sock'), '/dev/zero', '/dev/null']) {
        const err = await refusal(boundary.readFile(p));
        expect(err.code, p).toBe('not-regular');
        expect(err.message).toMatch(/not a regular file/);
      }
    } finally {
      server.close();
    }
    writeFileSync(join(ws, 'big.txt'), 'x'.repeat(1025));
    const big = await refusal(boundary.readFile(join(ws, 'big.txt')));
    expect(big.code).toBe('too-large');
    expect(big.message).toMatch(/is 1025 bytes; the test reads files up to 1024 bytes/);
    // A /proc file says it is empty; its content is still bounded.
    const environ = await boundary.readFile('/proc/self/status').catch((e: unknown) => e);
    expect(environ instanceof Buffer ? environ.length <= 1024 : (environ as BoundaryError).code === 'too-large').toBe(true);
  });

  it('lists a folder without following links inside it', () => {
    const names = boundary.readDirectory(`${ws}/`).map((e) => `${e.name}${e.isDirectory ? '/' : ''}`).sort();
    expect(names).toEqual(['a.txt', 'dangling', 'in', 'keys', 'loop', 'o-link', 'out', 'rel-out', 'sub/']);
  });
});

describe('writes', () => {
  it.each([
    ['a folder link out', () => join(ws, 'out', 'x.txt')],
    ['a relative folder link out', () => join(ws, 'rel-out', 'x.txt')],
    ['a file link out', () => join(ws, 'o-link')],
    ['a dangling link out', () => join(ws, 'dangling')],
    ['a link to the parent', () => `${ws}/sub/up/../outside/x.txt`],
    ['`..` after a link', () => `${ws}/out/../outside/x.txt`],
    ['/proc/self/root', () => `/proc/self/root${outside}/x.txt`],
    ['a missing folder under a link out', () => join(ws, 'out', 'new', 'deeper', 'x.txt')],
    ['a hidden folder', () => join(ws, 'keys', 'key')],
    ['a guarded folder', () => join(ws, '.git', 'hooks', 'pre-commit')],
    ['a guarded folder in another letter case', () => join(ws, 'sub', '.GIT', 'config')],
  ])('refuses to write outside through %s, leaving nothing there', async (_how, path) => {
    // `new` may also find the name taken (a link in the last place is never followed by a create).
    for (const how of ['new', 'replace'] as const) expect(['read-only', 'exists']).toContain((await refusal(() => boundary.writeFile(path(), 'X', how))).code);
    expect((await refusal(() => boundary.writeFile(path(), 'X', 'replace'))).code).toBe('read-only');
    expect(readdirSync(outside).sort()).toEqual(['o.txt']);
    expect(readFileSync(join(outside, 'o.txt'), 'utf8')).toBe('OUT');
    expect(readdirSync(hidden)).toEqual(['key']);
    expect(() => lstatSync(join(ws, '.git'))).toThrow();
  });

  it('refuses to remove through a link, and removes a link itself, never its target', async () => {
    expect((await refusal(() => boundary.remove(join(ws, 'out', 'o.txt')))).code).toBe('read-only');
    boundary.remove(join(ws, 'o-link'));
    expect(() => lstatSync(join(ws, 'o-link'))).toThrow();
    expect(readFileSync(join(outside, 'o.txt'), 'utf8')).toBe('OUT');
  });

  it('replaces a hard link to an outside file instead of writing through it', () => {
    linkSync(join(outside, 'o.txt'), join(ws, 'hard.txt'));
    boundary.writeFile(join(ws, 'hard.txt'), 'NEW', 'replace');
    expect(readFileSync(join(ws, 'hard.txt'), 'utf8')).toBe('NEW');
    expect(readFileSync(join(outside, 'o.txt'), 'utf8')).toBe('OUT');
  });

  it('keeps a link inside the workspace and its mode, writing the file it names', () => {
    execFileSync('chmod', ['750', join(ws, 'sub', 'deep', 'b.txt')]);
    boundary.writeFile(join(ws, 'in', 'deep', 'b.txt'), 'B2', 'replace');
    expect(readFileSync(join(ws, 'sub', 'deep', 'b.txt'), 'utf8')).toBe('B2');
    expect(statSync(join(ws, 'sub', 'deep', 'b.txt')).mode & 0o777).toBe(0o750);
    expect(lstatSync(join(ws, 'in')).isSymbolicLink()).toBe(true);
    expect(readdirSync(join(ws, 'sub', 'deep'))).toEqual(['b.txt']); // no temp file left
  });

  it('creates missing folders inside, and never overwrites with `new`', async () => {
    boundary.writeFile(join(ws, 'n1', 'n2', 'c.txt'), 'C', 'new');
    expect(readFileSync(join(ws, 'n1', 'n2', 'c.txt'), 'utf8')).toBe('C');
    expect((await refusal(() => boundary.writeFile(join(ws, 'a.txt'), 'X', 'new'))).code).toBe('exists');
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('A');
  });

  it('says so when a file stands where a folder should be, or a folder where a file should be', async () => {
    expect(() => boundary.writeFile(join(ws, 'a.txt', 'x'), 'X', 'new')).toThrow(/ENOTDIR/);
    expect((await refusal(() => boundary.writeFile(join(ws, 'sub'), 'X', 'replace'))).code).toBe('is-directory');
    expect(statSync(join(ws, 'sub')).isDirectory()).toBe(true);
  });

  it('writes a granted path outside, and makes its missing folders', () => {
    const target = join(outside, 'new', 'g.txt');
    const b = new FileBoundary(rulesFor([target]), { maxReadBytes: 1024, what: 'the test' });
    b.writeFile(join(ws, 'out', 'new', 'g.txt'), 'G', 'new');
    expect(readFileSync(target, 'utf8')).toBe('G');
    expect(() => b.writeFile(join(outside, 'other.txt'), 'X', 'new')).toThrow(BoundaryError);
  });
});
