import { statSync } from 'node:fs';
import type { GlassboxEvent } from '../../src-shared/events/event-types';
import type { AgentState, SessionSummary, SessionView } from '../../src-shared/contract/views';
import { FIRST_SCREEN_ROWS } from '../../src-shared/contract/views';
import { applyCallEvent, createCallIndex } from '../../src-shared/read-models/call-index';
import { appendChatEvent, emptyChat } from '../../src-shared/read-models/chat-items';
import { buildSessionView } from '../../src-shared/read-models/session-view';
import { readTailEvents } from '../core/session/session-file-scan';

/** Session files smaller than this open whole at once (reading them is quick): no preview. */
export const PREVIEW_ABOVE_BYTES = 2 << 20;
/** A first screen is ~200 rows (~100 calls, ~100 KB in a typical file): read a little more, grow ×4 if short. */
const FIRST_READ = 256 << 10;
const MAX_READ = 32 << 20;

/** What a preview needs: the file, its summary, and the redaction every event shown goes through. */
export interface SessionPreviewSource {
  pathOf(id: string): string;
  summary(id: string): SessionSummary | null;
}

/**
 * The first screen of a long saved session, from the end of its file, before the session is
 * opened: the last rows (FIRST_SCREEN_ROWS) with their calls and model turns, redacted, marked as
 * a tail whose size is an estimate (`tail.estimated`). The window paints it and asks for the
 * whole view, which waits for the session to be opened (the file read and folded once, in the
 * background). Opening a session of 100,000 calls reads about 256 KiB before its first card,
 * whatever its length. Null for a small file (it opens whole in time) or one that cannot be read.
 */
export function previewSession(source: SessionPreviewSource, id: string, redact: (e: GlassboxEvent) => GlassboxEvent): SessionView | null {
  try {
    const path = source.pathOf(id);
    if (statSync(path).size < PREVIEW_ABOVE_BYTES) return null;
    const summary = source.summary(id);
    if (!summary) return null;
    for (let bytes = FIRST_READ; ; bytes *= 4) {
      const { events, from, size } = readTailEvents(path, bytes);
      const calls = createCallIndex();
      const chat = emptyChat();
      let lastEnd: AgentState['lastEnd'];
      const shown: GlassboxEvent[] = [];
      for (const raw of events) {
        const e = redact(raw);
        shown.push(e);
        applyCallEvent(calls, e);
        appendChatEvent(chat, e);
        if (e.type === 'agent_end') lastEnd = { reason: e.reason, ...(e.error ? { error: e.error } : {}) };
        else if (e.type === 'agent_start') lastEnd = undefined;
      }
      const enough = chat.items.length > FIRST_SCREEN_ROWS || from === 0 || bytes >= MAX_READ;
      if (!enough) continue;
      // An unfinished run in a file nobody has open is not running: it shows as it was left.
      const state: AgentState = { sessionId: id, running: false, ...(lastEnd ? { lastEnd } : {}) };
      const view = buildSessionView(summary, state, shown, calls, chat, FIRST_SCREEN_ROWS);
      const share = size / Math.max(1, size - from);
      const rows = Math.max(view.chat.length + 1, Math.round(chat.items.length * share));
      view.tail = { rows, calls: Math.max(view.calls.length, Math.round(calls.order.length * share)), estimated: true };
      return view;
    }
  } catch {
    return null; // the session opens the usual way and reports what is wrong
  }
}
