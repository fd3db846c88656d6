import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../config/atomic-write';

/** What a file looked like before one edit. `before: null` means the edit created it. */
export interface EditHistoryEntry {
  command: 'create' | 'str_replace' | 'insert';
  before: string | null;
  ts: number;
}

interface StoredHistory {
  path: string;
  entries: EditHistoryEntry[];
}

/** Oldest entries are dropped past this many per file, so the store cannot grow without end. */
export const MAX_HISTORY_PER_FILE = 50;
/** …or past this much stored text per file (the newest step is always kept). */
export const MAX_HISTORY_CHARS_PER_FILE = 32 * 1024 * 1024;

/**
 * The editor's undo stacks, one JSON file per edited path under
 * `$GLASSBOX_HOME/state/edit-history/`, written atomically. Kept on disk (the seed kept them
 * in memory) so `undo_edit` works after a restart or from a second `glassbox tools call`.
 */
export class EditHistory {
  constructor(
    private readonly dir: string,
    private readonly limits: { steps: number; chars: number } = { steps: MAX_HISTORY_PER_FILE, chars: MAX_HISTORY_CHARS_PER_FILE },
  ) {}

  /** The store folder for a Glassbox home. */
  static forHome(home: string): EditHistory {
    return new EditHistory(join(home, 'state', 'edit-history'));
  }

  /** Adds the pre-edit state of `path` on top of its stack. */
  push(path: string, entry: EditHistoryEntry): void {
    const stored = this.load(path);
    stored.entries.push(entry);
    const { steps, chars: maxChars } = this.limits;
    if (stored.entries.length > steps) stored.entries.splice(0, stored.entries.length - steps);
    let chars = stored.entries.reduce((n, e) => n + (e.before?.length ?? 0), 0);
    while (stored.entries.length > 1 && chars > maxChars) chars -= stored.entries.shift()!.before?.length ?? 0;
    this.save(stored);
  }

  /** The newest entry without removing it. */
  peek(path: string): EditHistoryEntry | undefined {
    const entries = this.load(path).entries;
    return entries[entries.length - 1];
  }

  /** Removes and returns the newest entry. */
  pop(path: string): EditHistoryEntry | undefined {
    const stored = this.load(path);
    const entry = stored.entries.pop();
    if (entry) this.save(stored);
    return entry;
  }

  /** How many undo steps `path` has. */
  size(path: string): number {
    return this.load(path).entries.length;
  }

  private fileFor(path: string): string {
    // Hashed so any path (long, odd characters) maps to a safe, fixed-length file name.
    return join(this.dir, `${createHash('sha256').update(path).digest('hex').slice(0, 40)}.json`);
  }

  private load(path: string): StoredHistory {
    const file = this.fileFor(path);
    if (!existsSync(file)) return { path, entries: [] };
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredHistory>;
      // A hash collision or a damaged file must never undo the wrong file.
      if (parsed.path !== path || !Array.isArray(parsed.entries)) return { path, entries: [] };
      return { path, entries: parsed.entries.filter(isEntry) };
    } catch {
      return { path, entries: [] };
    }
  }

  private save(stored: StoredHistory): void {
    const file = this.fileFor(stored.path);
    if (stored.entries.length === 0) rmSync(file, { force: true });
    else writeFileAtomic(file, JSON.stringify(stored));
  }
}

function isEntry(e: unknown): e is EditHistoryEntry {
  if (e === null || typeof e !== 'object') return false;
  const before = (e as { before?: unknown }).before;
  return before === null || typeof before === 'string';
}
