/**
 * One line of a session file as an event. Plain TypeScript so every reader shares it: the session
 * file and its scan (core/session/), the search index (core/search/), and any later reader.
 */
import type { GlassboxEvent } from './event-types';
import type { ToolImage, ToolResultRecord } from './tool-result';

const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const isImage = (v: unknown): v is ToolImage =>
  !!v && typeof v === 'object' && typeof (v as ToolImage).data === 'string' && typeof (v as ToolImage).mimeType === 'string';

/** A recorded tool result in the shape every reader expects, whatever a crafted or old file holds. */
function resultRecord(v: unknown): ToolResultRecord {
  const r = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  const rec: ToolResultRecord = {
    output: textOrNull(r.output),
    error: textOrNull(r.error),
    images: Array.isArray(r.images) ? r.images.filter(isImage) : [],
    system: textOrNull(r.system),
  };
  if (r.metadata && typeof r.metadata === 'object' && !Array.isArray(r.metadata)) rec.metadata = r.metadata as Record<string, unknown>;
  return rec;
}

/**
 * One line of a session file as an event, or undefined when it is not one (damage, a torn
 * line). A tool result is brought to its full shape: a file is input from disk, and a crafted
 * one must not take the window down.
 */
export function parseEventLine(line: string): GlassboxEvent | undefined {
  let e: unknown;
  try {
    e = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!e || typeof e !== 'object' || Array.isArray(e) || typeof (e as { type?: unknown }).type !== 'string') return undefined;
  const ev = e as GlassboxEvent;
  if (ev.type === 'tool_execution_end') ev.result = resultRecord(ev.result);
  return ev;
}
