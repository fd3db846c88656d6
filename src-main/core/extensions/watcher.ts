import { watch, type FSWatcher } from 'node:fs';

/** Files whose change means an extension should reload (code, manifest, package.json). */
const RELEVANT = /\.(?:js|mjs|cjs|json|ya?ml)$/;

/** True when a change to `filename` (null when the OS does not say) should trigger a reload. */
export function isRelevantChange(filename: string | null): boolean {
  if (filename === null) return true;
  const base = filename.split(/[\\/]/).pop() ?? filename;
  if (base.startsWith('.') || base.endsWith('~')) return false; // editor swap and backup files
  return RELEVANT.test(base);
}

/**
 * Watches a set of folders (non-recursive fs.watch) and reports each one's changes once per
 * burst: editors write, rename and touch a file several times per save. Watchers do not keep
 * the process alive; the host that asked for watching already does.
 */
export class ExtensionWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly onChange: (dir: string) => void,
    private readonly debounceMs = 250,
    /** Decides which file names count; roots report every child folder change. */
    private readonly filter: (dir: string, filename: string | null) => boolean = (_dir, f) => isRelevantChange(f),
  ) {}

  /** Watches exactly `dirs` from now on (starts new watchers, closes ones no longer listed). */
  update(dirs: Iterable<string>): void {
    if (this.closed) return;
    const wanted = new Set(dirs);
    for (const [dir, w] of this.watchers) {
      if (!wanted.has(dir)) {
        w.close();
        this.watchers.delete(dir);
      }
    }
    for (const dir of wanted) {
      if (this.watchers.has(dir)) continue;
      try {
        const w = watch(dir, { persistent: false }, (_event, filename) => {
          if (this.filter(dir, filename === null ? null : String(filename))) this.schedule(dir);
        });
        // A watched folder that is deleted errors out; the root watcher's rescan handles it.
        w.on('error', () => {
          w.close();
          this.watchers.delete(dir);
        });
        this.watchers.set(dir, w);
      } catch {
        // Folder missing or not watchable: nothing to watch.
      }
    }
  }

  /** The folders being watched. */
  get watched(): string[] {
    return [...this.watchers.keys()];
  }

  private schedule(dir: string): void {
    const old = this.timers.get(dir);
    if (old) clearTimeout(old);
    const t = setTimeout(() => {
      this.timers.delete(dir);
      if (!this.closed) this.onChange(dir);
    }, this.debounceMs);
    t.unref();
    this.timers.set(dir, t);
  }

  /** Stops every watcher and pending timer. */
  close(): void {
    this.closed = true;
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
