import { emptySessionData, type SessionData } from '../event-reducer';

/**
 * The chat slice: the open session's conversation, model turns and run state. Its calls are the
 * calls slice's state; one reducer (../event-reducer.ts) folds each incoming event into both in
 * one pass. The waiting dialogs are the dialogs slice's alone (the host's list, see
 * ../dialogs/actions.ts).
 */
export type ChatSliceState = Omit<SessionData, 'calls' | 'callsVersion'>;

/** No session shown yet. */
export function initialChatState(): ChatSliceState {
  const { calls: _calls, callsVersion: _version, ...chat } = emptySessionData();
  return chat;
}
