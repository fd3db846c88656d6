import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { lstat, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { BoundaryError, FileBoundary } from '../workspace/file-boundary';
import { isPathInside, realPathOf } from '../workspace/real-path';
import { ShadowGit } from './shadow-git';
import type { CheckpointConfig } from './types';
import { z } from 'zod';
import { CheckpointSchema, type Checkpoint, type CheckpointFileChange } from '../../../src-shared/contract/checkpoint-views';

/** checkpoints.json: its list of records (each parsed by CheckpointSchema on its own). */
const RecordsFileSchema = z.looseObject({ checkpoints: z.array(z.unknown()) });

const DEFAULT_MAX_CHECKPOINTS = 100;
const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;
const DEFAULT_MAX_FILES = 50_000;
/** Texts shipped with a preview are capped (the window shows a diff, not a download). */
const PREVIEW_TEXT_BYTES = 512 * 1024;
/** Git's modes of a symlink, an executable file and a submodule in a tree. */
const SYMLINK = '120000';
const EXECUTABLE = '100755';
const GITLINK = '160000';

/** Operations on one shadow repository run one at a time (parallel sessions may share a workspace). */
const queues = new Map<string, Promise<unknown>>();
function serial<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const prev = queues.get(key) ?? Promise.resolve();
  const next = prev.then(fn, fn);
  queues.set(key, next.catch(() => undefined));
  return next;
}

/** Where a workspace's checkpoints live: `$GLASSBOX_HOME/state/checkpoints/<hash of its real path>/`. */
export function checkpointDir(home: string, workspace: string): string {
  let real = resolve(workspace);
  try {
    real = realpathSync(real);
  } catch {
    // a missing workspace keeps its given path
  }
  return join(home, 'state', 'checkpoints', createHash('sha256').update(real).digest('hex').slice(0, 16));
}

/**
 * The checkpoints of one workspace, kept outside the user's git history: a shadow repository
 * (its own GIT_DIR under $GLASSBOX_HOME, the workspace as its work tree) that stores the files
 * the workspace's .gitignore does not ignore, minus files over a size limit. Each checkpoint
 * is a parentless commit under refs/glassbox/<n>, listed in checkpoints.json; beyond the cap
 * the oldest go and `git gc` drops what no checkpoint still needs, so disk use is bounded.
 */
export class CheckpointStore {
  readonly dir: string;
  private readonly git: ShadowGit;
  private readonly root: string;
  private readonly boundary: FileBoundary;
  private readonly maxCheckpoints: number;
  private readonly maxFileBytes: number;
  private readonly maxFiles: number;
  private prunedSinceGc = 0;
  private prunedTotal = 0;

  constructor(
    home: string,
    readonly workspace: string,
    config: CheckpointConfig = {},
  ) {
    this.dir = checkpointDir(home, workspace);
    this.git = new ShadowGit(join(this.dir, 'git'), resolve(workspace));
    this.root = resolve(workspace);
    // Restores write only inside the workspace (its real path, judged on every write).
    const inside = (real: string) => (isPathInside(real, realPathOf(this.root)) ? null : `${real} is outside the workspace ${this.root}`);
    this.boundary = new FileBoundary({ mayRead: inside, mayWrite: inside }, { maxReadBytes: 0, what: 'a checkpoint restore' });
    this.maxCheckpoints = Math.max(2, config.maxCheckpoints ?? DEFAULT_MAX_CHECKPOINTS);
    this.maxFileBytes = config.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.maxFiles = config.maxFiles ?? DEFAULT_MAX_FILES;
  }

  /** Every checkpoint kept, oldest first. */
  list(): Checkpoint[] {
    try {
      const data = RecordsFileSchema.safeParse(JSON.parse(readFileSync(join(this.dir, 'checkpoints.json'), 'utf8')));
      if (!data.success) return [];
      // Each record by its schema: a damaged one is skipped, the others are kept.
      return data.data.checkpoints.flatMap((r) => {
        // loose: fields a later version wrote are kept when the list is saved again.
        const c = CheckpointSchema.loose().safeParse(r);
        return c.success ? [c.data as Checkpoint] : [];
      });
    } catch {
      return [];
    }
  }

  private save(list: Checkpoint[]): void {
    const file = join(this.dir, 'checkpoints.json');
    writeFileSync(`${file}.tmp`, JSON.stringify({ version: 1, workspace: this.workspace, checkpoints: list }, null, 1));
    renameSync(`${file}.tmp`, file);
  }

  private async ensureRepo(): Promise<void> {
    if (existsSync(join(this.dir, 'git', 'HEAD'))) return;
    mkdirSync(this.dir, { recursive: true });
    await this.git.run(['init', '-q']);
    // A marker for whoever finds this folder.
    writeFileSync(join(this.dir, 'README.txt'), `Glassbox checkpoints of ${this.workspace}. Safe to delete (all checkpoints of that workspace go).\n`);
  }

  /**
   * Stages the workspace as it is now into the shadow index and returns the tree: huge files are
   * left out (listed in the shadow repo's own exclude file, never the workspace's).
   */
  private async stageTree(): Promise<string> {
    await this.ensureRepo();
    const candidates = (await this.git.run(['ls-files', '-z', '--others', '--modified', '--exclude-standard'])).stdout
      .toString('utf8')
      .split('\0')
      .filter(Boolean);
    if (candidates.length > this.maxFiles) throw new Error(`the workspace has more than ${this.maxFiles} files to track; checkpoints are off for it (checkpoints.maxFiles)`);
    const big: string[] = [];
    for (const rel of candidates) {
      try {
        const st = await lstat(join(this.workspace, rel));
        if (st.isFile() && st.size > this.maxFileBytes) big.push(rel);
      } catch {
        // gone already: `add -A` records the deletion
      }
    }
    const excludeFile = join(this.dir, 'git', 'info', 'exclude');
    const known = existsSync(excludeFile) ? readFileSync(excludeFile, 'utf8').split('\n') : [];
    const fresh = big.map((p) => `/${p.replace(/([*?[\\!# ])/g, '\\$1')}`).filter((l) => !known.includes(l));
    if (fresh.length) {
      mkdirSync(dirname(excludeFile), { recursive: true });
      writeFileSync(excludeFile, [...known.filter(Boolean), ...fresh].join('\n') + '\n');
      // A tracked file that grew too big leaves the index too.
      await this.git.run(['rm', '-q', '--cached', '--ignore-unmatch', '--pathspec-from-file=-', '--pathspec-file-nul'], { input: big.join('\0') }).catch(() => undefined);
    }
    await this.git.run(['add', '-A', '--ignore-errors', '.']);
    return this.git.text(['write-tree']);
  }

  private async treeOf(commit: string): Promise<string> {
    return this.git.text(['rev-parse', `${commit}^{tree}`]);
  }

  /**
   * Takes a checkpoint of the workspace as it is now, unless nothing changed since the last one
   * (then null). `force` takes one even then (a restore's "before" point).
   */
  take(meta: Omit<Checkpoint, 'id' | 'ts' | 'changed'>, opts: { force?: boolean } = {}): Promise<Checkpoint | null> {
    return serial(this.dir, async () => (await this.takeNow(meta, opts))?.cp ?? null);
  }

  private async takeNow(meta: Omit<Checkpoint, 'id' | 'ts' | 'changed'>, opts: { force?: boolean; noGc?: boolean }): Promise<{ cp: Checkpoint; tree: string } | null> {
    const tree = await this.stageTree();
    // A turn's checkpoints count what changed since the last turn-level one: the step checkpoints
    // taken in between (for forks) must not make a turn that changed files look like it changed none.
    const list = this.list();
    const last = meta.kind === 'step' ? list.at(-1) : list.filter((c) => c.kind !== 'step').at(-1);
    let changed = 0;
    if (last) {
      const lastTree = await this.treeOf(last.id).catch(() => '');
      if (lastTree === tree && !opts.force) return null;
      if (lastTree) changed = (await this.git.text(['diff-tree', '-r', '--name-only', '-z', lastTree, tree])).split('\0').filter(Boolean).length;
    } else {
      changed = (await this.git.text(['ls-tree', '-r', '--name-only', '-z', tree])).split('\0').filter(Boolean).length;
    }
    return { cp: await this.commit(tree, meta, changed, opts), tree };
  }

  /** Records `tree` as a new checkpoint (a parentless commit and its ref), pruning beyond the cap. */
  private async commit(tree: string, meta: Omit<Checkpoint, 'id' | 'ts' | 'changed'>, changed: number, opts: { noGc?: boolean } = {}): Promise<Checkpoint> {
    const list = this.list();
    const id = await this.git.text(['commit-tree', tree, '-m', meta.label || meta.kind]);
    const n = list.length + this.prunedTotal;
    await this.git.run(['update-ref', `refs/glassbox/${Date.now()}-${n}`, id]);
    const cp: Checkpoint = { ...meta, id, ts: Date.now(), changed };
    list.push(cp);
    await this.prune(list, opts.noGc);
    this.save(list);
    return cp;
  }

  private async prune(list: Checkpoint[], noGc = false): Promise<void> {
    const drop = list.length - this.maxCheckpoints;
    if (drop <= 0) return;
    const gone = list.splice(0, drop);
    const refs = (await this.git.text(['for-each-ref', '--format=%(objectname) %(refname)', 'refs/glassbox/'])).split('\n');
    const ids = new Set(gone.map((c) => c.id));
    const keep = new Set(list.map((c) => c.id));
    for (const line of refs) {
      const [obj, ref] = line.split(' ');
      if (obj && ref && ids.has(obj) && !keep.has(obj)) await this.git.run(['update-ref', '-d', ref]);
    }
    this.prunedSinceGc += drop;
    this.prunedTotal += drop;
    // Unreferenced objects are dropped in batches: gc rewrites packs, not worth it per checkpoint.
    // Never on a restore's path (the user waits for it): the next turn's checkpoint does it.
    if (this.prunedSinceGc >= 10 && !noGc) {
      this.prunedSinceGc = 0;
      await this.git.run(['gc', '-q', '--prune=now']).catch(() => undefined);
    }
  }

  private checkpoint(id: string): Checkpoint {
    const cp = this.list().find((c) => c.id === id);
    if (!cp) throw new Error(`no checkpoint ${id} (it may have been pruned)`);
    return cp;
  }

  /** What restoring checkpoint `id` would change in the workspace as it is now (nothing written but the shadow index). */
  preview(id: string): Promise<CheckpointFileChange[]> {
    return serial(this.dir, async () => {
      this.checkpoint(id);
      const now = await this.stageTree();
      const target = await this.treeOf(id);
      const out = (await this.git.text(['diff-tree', '-r', '--no-renames', '--name-status', '-z', now, target])).split('\0').filter(Boolean);
      const changes: CheckpointFileChange[] = [];
      for (let i = 0; i + 1 < out.length; i += 2) {
        const code = out[i]!;
        const path = out[i + 1]!;
        const status: CheckpointFileChange['status'] = code === 'A' ? 'restored' : code === 'D' ? 'deleted' : 'modified';
        const change: CheckpointFileChange = { path, status };
        if (status !== 'restored') Object.assign(change, await this.blobText(`${now}:${path}`, 'current'));
        if (status !== 'deleted') Object.assign(change, await this.blobText(`${target}:${path}`, 'restored'));
        changes.push(change);
      }
      return changes;
    });
  }

  private async blobText(spec: string, key: 'current' | 'restored'): Promise<Partial<CheckpointFileChange>> {
    const size = Number(await this.git.text(['cat-file', '-s', spec]).catch(() => '0'));
    if (size > PREVIEW_TEXT_BYTES) return { binary: true };
    const bytes = (await this.git.run(['cat-file', 'blob', spec])).stdout;
    if (bytes.includes(0)) return { binary: true };
    return { [key]: bytes.toString('utf8') };
  }

  /**
   * Puts the workspace's files back as they were at checkpoint `id` (all of them, or only
   * `paths`). First takes a checkpoint of the workspace as it is (the restore's undo point),
   * then one after (a restore is a checkpoint too). Files .gitignore hides and huge files are
   * left alone. Returns both checkpoints and the files written or deleted.
   */
  restore(id: string, paths?: readonly string[], meta: { session?: string } = {}): Promise<{ undo: Checkpoint; after: Checkpoint; files: string[] }> {
    return serial(this.dir, async () => {
      const target = this.checkpoint(id);
      const targetTree = await this.treeOf(id);
      const taken = (await this.takeNow({ kind: 'before-restore', label: `Before restoring “${target.label}”`, ...meta }, { force: true, noGc: true }))!;
      const undo = taken.cp;
      const now = taken.tree;
      // Raw entries (`:oldmode newmode oldsha newsha status`, then the path): the mode and blob to write.
      const raw = (await this.git.run(['diff-tree', '-r', '--no-renames', '-z', now, targetTree])).stdout.toString('utf8').split('\0');
      const want = paths ? new Set(paths) : null;
      const files: string[] = [];
      const write: { rel: string; mode: string; sha: string }[] = [];
      const gone: string[] = [];
      for (let i = 0; i + 1 < raw.length; i += 2) {
        const [, , mode, , sha, code] = /^:(\d+) (\d+) ([0-9a-f]+) ([0-9a-f]+) ([A-Z])/.exec(raw[i]!) ?? [];
        const rel = raw[i + 1]!;
        if (!code || !mode || !sha || (want && !want.has(rel))) continue;
        this.inside(rel);
        if (code === 'D') gone.push(rel);
        else write.push({ rel, mode, sha });
        files.push(rel);
      }
      // Every write and deletion goes through the file boundary, with no symlink followed on the
      // way: a folder swapped for a link to elsewhere (planted, or mid-restore) is refused, never
      // written or deleted through. Deletions first: a folder that becomes a file needs its files gone.
      // From the workspace's real path: links above the workspace are the user's, not the agent's.
      const root = realPathOf(this.root);
      for (const rel of gone) this.boundary.remove(join(root, rel), { noLinks: true });
      await this.writeBlobs(root, write);
      // The index now says what the restore wrote (git checkout did this itself).
      const indexInfo = write.filter((w) => w.mode !== GITLINK).map((w) => `${w.mode} ${w.sha}\t${w.rel}\0`).join('');
      if (indexInfo) await this.git.run(['update-index', '-z', '--index-info'], { input: indexInfo });
      if (gone.length) await this.git.run(['update-index', '-z', '--force-remove', '--stdin'], { input: gone.join('\0') + '\0' });
      // The index held the workspace as of the undo point, changed just where the restore wrote: it
      // is the workspace after the restore, with no second scan of every file (all files chosen: the target's tree).
      const afterTree = want ? await this.git.text(['write-tree']) : targetTree;
      const after = await this.commit(afterTree, { kind: 'restore', label: `Restored “${target.label}”`, ...meta }, files.length, { noGc: true });
      return { undo, after, files };
    });
  }

  /**
   * Writes the files of checkpoint `id` (or, with `null`, of the workspace as it is now, through
   * the shadow index: what .gitignore hides and huge files stay out) into `dir`, a new folder
   * outside the workspace. The workspace itself is never written. One `read-tree` into an index
   * of the copy's own and one `checkout-index`: no per-file work in Node.
   */
  materialize(id: string | null, dir: string): Promise<{ tree: string; files: number }> {
    return serial(this.dir, async () => {
      const tree = id === null ? await this.stageTree() : await this.treeOf(this.checkpoint(id).id);
      mkdirSync(dir, { recursive: true });
      const index = join(dir, '..', `.index-${process.pid}-${Date.now()}`);
      const copy = new ShadowGit(join(this.dir, 'git'), resolve(dir));
      const env = { GIT_INDEX_FILE: index };
      try {
        await copy.run(['read-tree', tree], { env });
        await copy.run(['checkout-index', '-a', '-f'], { env });
        const files = (await copy.text(['ls-files', '-z'], { env })).split('\0').filter(Boolean).length;
        return { tree, files };
      } finally {
        await rm(index, { force: true });
      }
    });
  }

  /**
   * `materialize` in two parts: the files under `first` (folders a session reads when it opens:
   * its project config and skills) are written before this resolves; the rest are written
   * after, and `rest` settles with the number of files in `dir` (or rejects when it failed). A
   * fork opens its session and sends its first model request meanwhile; its tools wait for `rest`.
   */
  async materializeFirst(id: string | null, dir: string, first: readonly string[]): Promise<{ tree: string; rest: Promise<number> }> {
    const index = join(dir, '..', `.index-${process.pid}-${Date.now()}`);
    const env = { GIT_INDEX_FILE: index };
    const copy = new ShadowGit(join(this.dir, 'git'), resolve(dir));
    const tree = await serial(this.dir, async () => {
      const t = id === null ? await this.stageTree() : await this.treeOf(this.checkpoint(id).id);
      mkdirSync(dir, { recursive: true });
      try {
        await copy.run(['read-tree', t], { env });
        const listed = first.length ? (await copy.run(['ls-files', '-z', '--', ...first], { env })).stdout : Buffer.alloc(0);
        if (listed.length) await copy.run(['checkout-index', '-f', '-z', '--stdin'], { env, input: listed });
      } catch (err) {
        await rm(index, { force: true });
        throw err;
      }
      return t;
    });
    const rest = serial(this.dir, async () => {
      try {
        await copy.run(['checkout-index', '-a', '-f'], { env });
        return (await copy.text(['ls-files', '-z'], { env })).split('\0').filter(Boolean).length;
      } finally {
        await rm(index, { force: true });
      }
    });
    // A failure is the caller's to report (it holds `rest`); never an unhandled rejection here.
    rest.catch(() => undefined);
    return { tree, rest };
  }

  /** A workspace path for a repository path, refusing anything that would land outside it. */
  private inside(rel: string): string {
    const root = resolve(this.workspace);
    const abs = resolve(root, rel);
    if (abs !== root && !abs.startsWith(root + sep)) throw new Error(`refusing to write outside the workspace: ${rel}`);
    return abs;
  }

  /** Writes blobs of the target checkpoint into the workspace through the boundary (files with their mode, symlinks as links). */
  private async writeBlobs(root: string, write: readonly { rel: string; mode: string; sha: string }[]): Promise<void> {
    const wanted = write.filter((w) => w.mode !== GITLINK);
    if (!wanted.length) return;
    const out = (await this.git.run(['cat-file', '--batch'], { input: wanted.map((w) => w.sha).join('\n') + '\n' })).stdout;
    let pos = 0;
    for (const w of wanted) {
      const eol = out.indexOf(10, pos);
      const size = Number(out.subarray(pos, eol).toString('latin1').split(' ')[2]);
      const data = out.subarray(eol + 1, eol + 1 + size);
      pos = eol + 1 + size + 1;
      const abs = join(root, w.rel);
      if (w.mode === SYMLINK) {
        this.boundary.writeLink(abs, data.toString('utf8'));
        continue;
      }
      const mode = w.mode === EXECUTABLE ? 0o777 : 0o666;
      try {
        this.boundary.writeFile(abs, data, 'replace', { mode, noLinks: true });
      } catch (err) {
        // A folder where the checkpoint has a file: an empty one gives way (as git checkout does).
        if (!(err instanceof BoundaryError && err.code === 'is-directory')) throw err;
        this.boundary.remove(abs, { noLinks: true });
        this.boundary.writeFile(abs, data, 'replace', { mode, noLinks: true });
      }
    }
  }
}
