import { readFile } from 'node:fs/promises';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { resultToModelText } from '../../../src-shared/events/tool-result';
import { BridgeError } from '../../../src-shared/contract/wire';
import type { SessionPort } from '../session-port';
import { editsFromEvents } from './edit-records';

/**
 * *Revert this edit*: puts a file back as it was before one editor call, through the tool
 * runner as the user's own action (hooks run, nothing is asked, origin 'user', and the editor's
 * undo can take the revert back). Only while the file still holds what that edit wrote: a file
 * changed since is left alone with a message saying so (Restore to here covers that case).
 */
export async function revertEdit(s: SessionPort, events: readonly GlassboxEvent[], callId: string): Promise<{ ok: boolean; text: string }> {
  const rec = editsFromEvents(events).find((r) => r.callId === callId);
  if (!rec) throw new BridgeError('NOT_FOUND', `No edit ${callId} in this session.`);
  if (rec.tooLarge) return { ok: false, text: `${rec.path} is too large to revert from the window; use Restore to here on its turn.` };
  let current: string | null;
  try {
    current = await readFile(rec.path, 'utf8');
  } catch {
    current = null;
  }
  const deletedByIt = rec.command === 'undo_edit' && rec.after === '' && current === null;
  if (!deletedByIt && current !== rec.after) {
    return { ok: false, text: `${rec.path} changed since this edit; nothing was reverted. Use Restore to here on its turn to go back further.` };
  }
  const run = (args: Record<string, unknown>) => s.runner.run({ tool: 'str_replace_editor', args, origin: 'user' });
  let outcome;
  if (rec.command === 'create') outcome = await run({ command: 'undo_edit', path: rec.path });
  else if (deletedByIt) outcome = await run({ command: 'create', path: rec.path, file_text: rec.before });
  else if (rec.after === '') return { ok: false, text: `${rec.path} is empty now; use the Edits pane's undo or Restore to here.` };
  else outcome = await run({ command: 'str_replace', path: rec.path, old_str: rec.after, new_str: rec.before });
  const r = outcome.result;
  return r.error ? { ok: false, text: resultToModelText(r) } : { ok: true, text: `Reverted ${rec.path}.` };
}
