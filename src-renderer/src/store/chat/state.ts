import { emptySessionData, type SessionData } from '../event-reducer';

/**
 * The chat slice: the open session's conversation, model turns and run state. Its calls and
 * dialogs are the calls and dialogs slices' state; one reducer (../event-reducer.ts) folds each
 * incoming event into all three in one pass.
 */
export type ChatSliceState = Omit<SessionData, 'calls' | 'callsVersion' | 'pending'>;

/** No session shown yet. */
export function initialChatState(): ChatSliceState {
  const { calls: _calls, callsVersion: _version, pending: _pending, ...chat } = emptySessionData();
  return chat;
}
