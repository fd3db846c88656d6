import { watch, type FSWatcher } from 'node:fs';
import type { McpServeHub } from './serve-hub';
import type { WorkspaceResources } from './workspace-resources';

/** Quiet time after a change before subscribers hear of it (an editor's save is several events). */
const SETTLE_MS = 50;

/**
 * Watches the workspace files that clients subscribed to (`resources/subscribe`) and tells
 * the hub when one changes, so each subscriber gets `notifications/resources/updated`. Follows
 * the hub's subscriptions: a file nobody subscribes to any more is no longer watched.
 */
export class ResourceWatcher {
  private readonly watchers = new Map<string, { w: FSWatcher; timer?: NodeJS.Timeout }>();

  constructor(
    private readonly hub: McpServeHub,
    private readonly files: WorkspaceResources,
  ) {
    hub.onSubscriptionsChanged = () => this.sync();
  }

  /** Number of files watched now. */
  get size(): number {
    return this.watchers.size;
  }

  sync(): void {
    const wanted = new Set([...this.hub.subscribedUris()].filter((u) => u.startsWith('file:')));
    for (const [uri, e] of this.watchers) {
      if (wanted.has(uri)) continue;
      clearTimeout(e.timer);
      e.w.close();
      this.watchers.delete(uri);
    }
    for (const uri of wanted) {
      if (this.watchers.has(uri)) continue;
      let real: string | undefined;
      try {
        real = this.files.resolve(uri);
      } catch {
        real = undefined; // outside the workspace: never watched
      }
      if (!real) continue;
      try {
        const entry: { w: FSWatcher; timer?: NodeJS.Timeout } = {
          w: watch(real, { persistent: false }, () => {
            clearTimeout(entry.timer);
            entry.timer = setTimeout(() => this.hub.resourceUpdated(uri), SETTLE_MS);
          }),
        };
        entry.w.on('error', () => undefined);
        this.watchers.set(uri, entry);
      } catch {
        // The file went away between resolve and watch.
      }
    }
  }

  close(): void {
    for (const e of this.watchers.values()) {
      clearTimeout(e.timer);
      e.w.close();
    }
    this.watchers.clear();
  }
}
