import type { ToolCallInfo } from './tool';
import type { ToolResultRecord } from '../../../src-shared/events/tool-result';

/** Returned by a before-hook to block the call. */
export interface BlockDecision {
  blocked: true;
  reason: string;
}

/** Returned by an after-hook to replace the text the model sees. */
export interface OverrideDecision {
  override: string;
  isError?: boolean;
}

export type BeforeToolHook = (call: ToolCallInfo) => BlockDecision | void | undefined | Promise<BlockDecision | void | undefined>;
export type AfterToolHook = (
  call: ToolCallInfo,
  result: ToolResultRecord,
) => OverrideDecision | void | undefined | Promise<OverrideDecision | void | undefined>;

interface Registered<F> {
  fn: F;
  owner: string;
}

/** Outcome of running the before-hooks. */
export type BeforeOutcome = { blocked: false } | { blocked: true; reason: string; by: string } | { failed: true; error: string; by: string; blocked: false };

/**
 * Ordered before/after hooks. The first before-hook to block wins; after-hooks run in order and
 * the last override wins. A throwing hook fails that call (reported), never the run.
 */
export class ToolHooks {
  private readonly before: Registered<BeforeToolHook>[] = [];
  private readonly after: Registered<AfterToolHook>[] = [];

  addBefore(fn: BeforeToolHook, owner = 'core'): () => void {
    const r = { fn, owner };
    this.before.push(r);
    return () => remove(this.before, r);
  }

  addAfter(fn: AfterToolHook, owner = 'core'): () => void {
    const r = { fn, owner };
    this.after.push(r);
    return () => remove(this.after, r);
  }

  get counts(): { before: number; after: number } {
    return { before: this.before.length, after: this.after.length };
  }

  async runBefore(call: ToolCallInfo): Promise<BeforeOutcome> {
    for (const h of [...this.before]) {
      try {
        const d = await h.fn(call);
        if (d && d.blocked) return { blocked: true, reason: d.reason || 'blocked by a hook', by: h.owner };
      } catch (err) {
        return { failed: true, blocked: false, error: `before-hook of ${h.owner} failed: ${(err as Error)?.message ?? String(err)}`, by: h.owner };
      }
    }
    return { blocked: false };
  }

  /** Runs after-hooks; returns the override to apply (last wins) or an error from a throwing hook. */
  async runAfter(call: ToolCallInfo, result: ToolResultRecord): Promise<{ override?: OverrideDecision; error?: string }> {
    let override: OverrideDecision | undefined;
    for (const h of [...this.after]) {
      try {
        const d = await h.fn(call, result);
        if (d && typeof d.override === 'string') override = d;
      } catch (err) {
        return { override, error: `after-hook of ${h.owner} failed: ${(err as Error)?.message ?? String(err)}` };
      }
    }
    return { override };
  }
}

function remove<T>(list: T[], item: T): void {
  const i = list.indexOf(item);
  if (i >= 0) list.splice(i, 1);
}
