// @lane integration: real git
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CheckpointStore, checkpointDir } from './store';

function fresh() {
  const ws = realpathSync(mkdtempSync(join(tmpdir(), 'glassbox-cp-ws-')));
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'glassbox-cp-home-')));
  return { ws, home };
}

describe('CheckpointStore (a shadow git repository)', () => {
  it('takes checkpoints only when files changed, previews a restore as diffs and restores it, and the restore can be undone', async () => {
    const { ws, home } = fresh();
    const store = new CheckpointStore(home, ws);
    writeFileSync(join(ws, 'a.txt'), 'one\n');
    const first = await store.take({ kind: 'turn', label: 'first' });
    expect(first).not.toBeNull();
    expect(await store.take({ kind: 'turn', label: 'unchanged' })).toBeNull();
    writeFileSync(join(ws, 'a.txt'), 'two\n');
    writeFileSync(join(ws, 'b.txt'), 'new\n');
    const second = await store.take({ kind: 'turn', label: 'second' });
    expect(second?.changed).toBe(2);

    const preview = await store.preview(first!.id);
    expect(preview).toEqual([
      { path: 'a.txt', status: 'modified', current: 'two\n', restored: 'one\n' },
      { path: 'b.txt', status: 'deleted', current: 'new\n' },
    ]);
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('two\n'); // a preview writes nothing

    const r = await store.restore(first!.id);
    expect(r.files.sort()).toEqual(['a.txt', 'b.txt']);
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('one\n');
    expect(existsSync(join(ws, 'b.txt'))).toBe(false);
    // Undo the restore: back to "second".
    await store.restore(r.undo.id);
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('two\n');
    expect(readFileSync(join(ws, 'b.txt'), 'utf8')).toBe('new\n');
    expect(store.list().map((c) => c.kind)).toEqual(['turn', 'turn', 'before-restore', 'restore', 'before-restore', 'restore']);
  });

  it('restores only the chosen files', async () => {
    const { ws, home } = fresh();
    const store = new CheckpointStore(home, ws);
    writeFileSync(join(ws, 'a.txt'), 'a1');
    writeFileSync(join(ws, 'b.txt'), 'b1');
    const cp = await store.take({ kind: 'turn', label: 'x' });
    writeFileSync(join(ws, 'a.txt'), 'a2');
    writeFileSync(join(ws, 'b.txt'), 'b2');
    await store.restore(cp!.id, ['b.txt']);
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('a2');
    expect(readFileSync(join(ws, 'b.txt'), 'utf8')).toBe('b1');
  });

  it("a restore's after checkpoint is the workspace as the restore left it (chosen files only, a deletion included), without a second scan; undo brings back every file", async () => {
    const { ws, home } = fresh();
    const store = new CheckpointStore(home, ws);
    for (const n of ['a', 'b', 'c']) writeFileSync(join(ws, `${n}.txt`), `${n}1\n`);
    const cp = await store.take({ kind: 'turn', label: 'one' });
    for (const n of ['a', 'b', 'c']) writeFileSync(join(ws, `${n}.txt`), `${n}2\n`);
    writeFileSync(join(ws, 'new.txt'), 'new\n');
    const r = await store.restore(cp!.id, ['a.txt', 'new.txt']);
    expect(r.files.sort()).toEqual(['a.txt', 'new.txt']);
    expect(existsSync(join(ws, 'new.txt'))).toBe(false);
    expect(readFileSync(join(ws, 'b.txt'), 'utf8')).toBe('b2\n');
    expect(r.after.changed).toBe(2);
    // Nothing differs between the workspace and the after checkpoint: it recorded exactly what is there.
    expect(await store.preview(r.after.id)).toEqual([]);
    // The whole-workspace restore reuses the target's tree: the after checkpoint is the target's files.
    const full = await store.restore(cp!.id);
    const tree = (c: string) => execFileSync('git', ['rev-parse', `${c}^{tree}`], { env: { ...process.env, GIT_DIR: join(store.dir, 'git') } }).toString().trim();
    expect(tree(full.after.id)).toBe(tree(cp!.id));
    expect(await store.preview(full.after.id)).toEqual([]);
    await store.restore(r.undo.id);
    for (const n of ['a', 'b', 'c']) expect(readFileSync(join(ws, `${n}.txt`), 'utf8')).toBe(`${n}2\n`);
    expect(readFileSync(join(ws, 'new.txt'), 'utf8')).toBe('new\n');
  });

  it("lives outside the user's git: their repository, index and history are untouched; .gitignore is respected; huge files are left out", async () => {
    const { ws, home } = fresh();
    execFileSync('git', ['init', '-q'], { cwd: ws });
    writeFileSync(join(ws, '.gitignore'), 'ignored/\n');
    mkdirSync(join(ws, 'ignored'));
    writeFileSync(join(ws, 'ignored', 'secret.txt'), 'x');
    writeFileSync(join(ws, 'big.bin'), Buffer.alloc(2048, 1));
    writeFileSync(join(ws, 'code.ts'), 'let a = 1;\n');
    const store = new CheckpointStore(home, ws, { maxFileBytes: 1024 });
    const cp = await store.take({ kind: 'turn', label: 't' });
    expect(checkpointDir(home, ws).startsWith(join(home, 'state', 'checkpoints'))).toBe(true);
    const files = execFileSync('git', ['ls-tree', '-r', '--name-only', cp!.id], { env: { ...process.env, GIT_DIR: join(store.dir, 'git') } }).toString().trim().split('\n');
    expect(files.sort()).toEqual(['.gitignore', 'code.ts']);
    // The user's repository has no commits and nothing staged.
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: ws }).toString()).toContain('?? code.ts');
    expect(() => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ws, stdio: 'pipe' })).toThrow();
  });

  it('a crafted .gitattributes filter runs nothing (no user or workspace git config is read)', async () => {
    const { ws, home } = fresh();
    const marker = join(ws, 'pwned');
    writeFileSync(join(ws, '.gitattributes'), '* filter=evil\n');
    // A workspace .git/config with a filter driver is not the shadow repo's config.
    mkdirSync(join(ws, '.git'));
    writeFileSync(join(ws, '.git', 'config'), `[filter "evil"]\n\tclean = touch ${marker}\n`);
    writeFileSync(join(ws, 'f.txt'), 'x');
    await new CheckpointStore(home, ws).take({ kind: 'turn', label: 't' });
    expect(existsSync(marker)).toBe(false);
  });

  it('never writes through a symlinked folder that a turn put in place', async () => {
    const { ws, home } = fresh();
    const outside = realpathSync(mkdtempSync(join(tmpdir(), 'glassbox-cp-outside-')));
    mkdirSync(join(ws, 'd'));
    writeFileSync(join(ws, 'd', 'f.txt'), 'v1');
    const store = new CheckpointStore(home, ws);
    const cp = await store.take({ kind: 'turn', label: 't' });
    execFileSync('rm', ['-rf', join(ws, 'd')]);
    symlinkSync(outside, join(ws, 'd'));
    // Only the file chosen: the symlinked folder stays, so the write is refused.
    await expect(store.restore(cp!.id, ['d/f.txt'])).rejects.toThrow(/symlink/);
    expect(existsSync(join(outside, 'f.txt'))).toBe(false);
    // Everything: the symlink goes first, then the real folder comes back.
    await store.restore(cp!.id);
    expect(existsSync(join(outside, 'f.txt'))).toBe(false);
    expect(readFileSync(join(ws, 'd', 'f.txt'), 'utf8')).toBe('v1');
  });

  it('keeps at most maxCheckpoints, the oldest pruned', async () => {
    const { ws, home } = fresh();
    const store = new CheckpointStore(home, ws, { maxCheckpoints: 3 });
    for (let i = 0; i < 5; i++) {
      writeFileSync(join(ws, 'n.txt'), String(i));
      await store.take({ kind: 'turn', label: `t${i}` });
    }
    expect(store.list().map((c) => c.label)).toEqual(['t2', 't3', 't4']);
    const refs = execFileSync('git', ['for-each-ref', 'refs/glassbox/'], { env: { ...process.env, GIT_DIR: join(store.dir, 'git') } }).toString().trim().split('\n');
    expect(refs).toHaveLength(3);
  });
});

describe('checkpoint records by their schema', () => {
  it('skips a damaged record and keeps the others (fields it does not know included)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gb-cp-records-'));
    const good = { id: 'abc', ts: 1, kind: 'turn', label: 'x', changed: 0, later: 'kept' };
    writeFileSync(join(dir, 'checkpoints.json'), JSON.stringify({ version: 1, checkpoints: [good, { id: 'b', ts: 'yesterday', kind: 'turn', label: 'y', changed: 1 }, { ...good, id: 'c', kind: 'mystery' }] }));
    const store = Object.create(CheckpointStore.prototype) as CheckpointStore;
    Object.assign(store, { dir });
    expect(store.list()).toEqual([good]);
  });
});
