import type { ModelTurn } from '../../store/event-reducer';

/** A model turn's request body with its whole message list put back, and whether that worked. */
export interface FullWireRequest {
  body: Record<string, unknown>;
  /** False when earlier turns are not loaded (or never recorded a body): the list is partial. */
  complete: boolean;
}

/**
 * Rebuilds the exact body turn `index` sent: session files record each turn's `request.messages`
 * without the `messagesOmitted` messages earlier turns already recorded, so the whole list is
 * the previous turn's whole list cut to `messagesOmitted`, plus this turn's messages — walked
 * from the last turn that omitted nothing. Null when the turn recorded no wire body. Pure.
 */
export function fullWireRequest(turns: readonly ModelTurn[], index: number): FullWireRequest | null {
  const wire = turns[index]?.wire;
  if (!wire) return null;
  const own = Array.isArray(wire.request.messages) ? (wire.request.messages as unknown[]) : null;
  if (!own || !wire.messagesOmitted) return { body: wire.request, complete: true };
  // Back to the turn that started the chain (omitted nothing), then forward.
  let start = index;
  while (start > 0 && (turns[start]!.wire?.messagesOmitted ?? 0) > 0) start--;
  let messages: unknown[] = [];
  let complete = true;
  for (let i = start; i <= index; i++) {
    const w = turns[i]!.wire;
    const m = w && Array.isArray(w.request.messages) ? (w.request.messages as unknown[]) : null;
    if (!w || !m) {
      complete = false;
      continue;
    }
    const omitted = w.messagesOmitted ?? 0;
    if (messages.length < omitted) complete = false;
    messages = messages.slice(0, omitted).concat(m);
  }
  return { body: { ...wire.request, messages }, complete };
}
