import type { EventBus } from '../events/event-bus';
import type { CheckpointConfig } from './types';
import type { Checkpoint, CheckpointFileChange } from '../../../src-shared/contract/checkpoint-views';
import { CheckpointStore } from './store';

/**
 * A session's checkpoints: before each turn ({@link beforeTurn}; only when files changed since the last
 * checkpoint — the user's own edits between turns) and after each turn that changed files,
 * whoever changed them (the editor, bash, Python, an MCP server): the shadow repository's
 * state after the turn is compared with the last checkpoint. Emits `checkpoint` events so the
 * chat can put *Restore to here* on the turn. Failures are logged, never fatal to the run.
 */
export class SessionCheckpoints {
  readonly store: CheckpointStore;
  private task = '';
  private pending: Promise<unknown> = Promise.resolve();
  private readonly off: Array<() => void> = [];

  constructor(
    private readonly bus: EventBus,
    home: string,
    workspace: string,
    config: CheckpointConfig = {},
  ) {
    this.store = new CheckpointStore(home, workspace, config);
    this.off.push(
      bus.subscribe('agent_end', (e) => {
        const seq = e.seq;
        const label = short(this.task) || 'turn';
        // After the run has settled (its end state reaches the window first): git's processes wait a tick.
        this.queue(() => new Promise((r) => setImmediate(r)).then(() => this.take({ kind: 'turn', label, afterSeq: seq })));
      }),
    );
  }

  /**
   * Call before a turn starts, and let the turn wait for it: saves the files first when they
   * changed since the last checkpoint (the user's own edits between turns), so a turn that
   * starts editing at once cannot slip into the "before" point.
   */
  beforeTurn(task: string): Promise<void> {
    this.task = task;
    this.queue(() => this.take({ kind: 'before-turn', label: `Before “${short(task)}”` }));
    // While the files are still being written (holdUntil), the turn starts at once: its tools wait.
    return this.holding ? Promise.resolve() : this.settled();
  }

  /**
   * No checkpoint is taken until `files` settles (a fork's copy being written): the ones asked for
   * meanwhile wait, and a turn starting meanwhile does not wait for its "before" checkpoint — the
   * session's tools wait for `files` and then for {@link settled}, so nothing edits before it.
   */
  holdUntil(files: Promise<unknown>): void {
    this.holding = true;
    const done = (): void => {
      this.holding = false;
    };
    files.then(done, done);
    this.queue(() => files);
  }

  /**
   * Call after a model step whose tools may have written, and let the next step wait for it: a
   * checkpoint of the files as the step left them (only when they changed), so a fork from a
   * later step of the same turn gets the files as they were there.
   */
  afterStep(step: number): Promise<void> {
    const afterSeq = this.bus.lastSeq;
    const label = `Step ${step} of “${short(this.task) || 'turn'}”`;
    this.queue(() => this.take({ kind: 'step', label, afterSeq }));
    return this.settled();
  }

  private holding = false;

  private queue(fn: () => Promise<unknown>): void {
    this.pending = this.pending.then(fn, fn);
  }

  /** Resolves when the checkpoints asked for so far are taken (tests, shutdown). */
  settled(): Promise<void> {
    return this.pending.then(
      () => undefined,
      () => undefined,
    );
  }

  private async take(meta: Pick<Checkpoint, 'kind' | 'label' | 'afterSeq'>): Promise<void> {
    try {
      const cp = await this.store.take({ ...meta, session: this.bus.session });
      if (cp) this.announce(cp);
    } catch (err) {
      this.bus.emit({ type: 'log', level: 'warn', source: 'checkpoints', message: `no checkpoint taken: ${(err as Error).message}` });
    }
  }

  private announce(cp: Checkpoint): void {
    this.bus.emit({ type: 'checkpoint', id: cp.id, kind: cp.kind, label: cp.label, changed: cp.changed, ...(cp.afterSeq !== undefined ? { afterSeq: cp.afterSeq } : {}) });
  }

  list(): Checkpoint[] {
    return this.store.list();
  }

  async preview(id: string): Promise<CheckpointFileChange[]> {
    await this.settled();
    return this.store.preview(id);
  }

  /** Restores checkpoint `id` (all files, or only `paths`); the "before" checkpoint undoes it. */
  async restore(id: string, paths?: readonly string[]): Promise<{ undo: Checkpoint; after: Checkpoint; files: string[] }> {
    await this.settled();
    const r = await this.store.restore(id, paths, { session: this.bus.session });
    this.announce(r.undo);
    this.announce(r.after);
    return r;
  }

  dispose(): void {
    for (const off of this.off.splice(0)) off();
  }
}

function short(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 80 ? `${one.slice(0, 77)}…` : one;
}
