import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { EditRecord } from '../../../src-shared/contract/workbench-views';

const EDIT_COMMANDS = new Set(['create', 'str_replace', 'insert', 'undo_edit']);

/**
 * The edit a `tool_execution_end` event records, if it is a successful `str_replace_editor`
 * change: the tool puts `{ path, command, before, after }` in its result metadata (before/after
 * left out when the file is too big to ship).
 */
export function editRecordFromEvent(event: GlassboxEvent): EditRecord | null {
  if (event.type !== 'tool_execution_end' || event.tool !== 'str_replace_editor') return null;
  if (event.result.error || event.blocked) return null;
  const meta = event.result.metadata;
  if (!meta || typeof meta.path !== 'string' || typeof meta.command !== 'string' || !EDIT_COMMANDS.has(meta.command)) return null;
  const before = typeof meta.before === 'string' ? meta.before : undefined;
  const after = typeof meta.after === 'string' ? meta.after : undefined;
  const rec: EditRecord = {
    callId: event.callId,
    seq: event.seq,
    ts: event.ts,
    path: meta.path,
    command: meta.command,
    before: before ?? '',
    after: after ?? '',
  };
  if (before === undefined || after === undefined) rec.tooLarge = true;
  return rec;
}

/** Every edit in a session's events, in the order they happened. */
export function editsFromEvents(events: readonly GlassboxEvent[]): EditRecord[] {
  const out: EditRecord[] = [];
  for (const e of events) {
    const r = editRecordFromEvent(e);
    if (r) out.push(r);
  }
  return out;
}
