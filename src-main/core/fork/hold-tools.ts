import type { SessionCheckpoints } from '../checkpoints/session-checkpoints';
import type { EventBus } from '../events/event-bus';
import type { ToolHooks } from '../tools/tool-hooks';

/**
 * Makes a session's tools (and checkpoints) wait until `files` settles: a fork's copy of the
 * workspace still being written while its first model request goes out. The first tool call
 * waits for the copy, then for the checkpoints asked for meanwhile (the turn's "before" one), so
 * nothing edits a half-written copy or slips into that checkpoint. When the copy fails, the
 * failure is logged and every tool call is refused with why (the model hears it; the loop goes on).
 */
export function holdToolsUntil(session: { hooks: ToolHooks; checkpoints?: SessionCheckpoints | null; bus: EventBus }, files: Promise<unknown>): void {
  session.checkpoints?.holdUntil(files);
  let failed: string | null = null;
  let ready = false;
  const settled = files.then(
    () => void (ready = true),
    (err: unknown) => {
      failed = err instanceof Error ? err.message : String(err);
      session.bus.emit({ type: 'log', level: 'error', source: 'fork', message: `The fork's copy of the files could not be made: ${failed}. Its tool calls are refused.` });
    },
  );
  const off = session.hooks.addBefore(async () => {
    if (!ready) await settled;
    if (failed !== null) return { blocked: true, reason: `the fork's copy of the files could not be made: ${failed}` };
    await session.checkpoints?.settled();
    off();
    return undefined;
  });
}
