import { createRequire } from 'node:module';
import type { GlassboxEvent } from '../../core/events/event-types';
import { fromResultRecord, resultToModelText, type ToolResultRecord } from '../../core/tools/tool-result';
import type { RecordedCall } from './workbench-types';

// `diff` is required on the first differing result, not at import: it costs ~0.1 s of CPU.
const requireHere = createRequire(import.meta.url);
let diffModule: typeof import('diff') | undefined;
function diffLib(): typeof import('diff') {
  diffModule ??= requireHere('diff') as typeof import('diff');
  return diffModule;
}

/** Finds one call in a session's events: its tool, args and source from the start, its result from the end. */
export function findRecordedCall(events: readonly GlassboxEvent[], callId: string): RecordedCall | null {
  let call: RecordedCall | null = null;
  for (const e of events) {
    if (e.type === 'tool_execution_start' && e.callId === callId) {
      call = { callId, tool: e.tool, args: e.args, source: e.source, result: null };
    } else if (e.type === 'tool_execution_end' && e.callId === callId) {
      call ??= { callId, tool: e.tool, args: {}, result: null };
      call.result = e.result;
    }
  }
  return call;
}

/** The text of a result as the model saw it (what replay compares). */
export function resultText(r: ToolResultRecord | null): string {
  return r ? resultToModelText(fromResultRecord(r)) : '';
}

/**
 * Compares a recorded result with a new one by the text the model sees (images by count and
 * type); returns a unified diff of recorded → new when they differ.
 */
export function compareResults(recorded: ToolResultRecord | null, result: ToolResultRecord): { equal: boolean; diff: string } {
  const a = withImages(recorded);
  const b = withImages(result);
  if (a === b) return { equal: true, diff: '' };
  const patch = diffLib().createTwoFilesPatch('recorded', 'replay', ensureNewline(a), ensureNewline(b), undefined, undefined, { context: 3 });
  // Drop the `=====` separator line the library puts first; the ---/+++ headers say enough.
  return { equal: false, diff: patch.replace(/^=+\n/, '') };
}

function withImages(r: ToolResultRecord | null): string {
  if (!r) return '(no recorded result)';
  const imgs = r.images.map((i) => `[image ${i.mimeType}, ${i.data.length} base64 chars]`);
  return [resultText(r), ...imgs].join('\n');
}

function ensureNewline(s: string): string {
  return s.endsWith('\n') ? s : s + '\n';
}
