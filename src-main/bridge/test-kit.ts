import type { SettingsView } from '../../src-shared/contract/views';
import type { GlassboxEvent } from '../../src-shared/events/event-types';
import type { BridgeEndpoint } from './endpoint';
import { CurrentSession } from './current-session';
import type { SessionPort } from './session-port';

/** Dialogs nobody answers (tests that run no approvals). */
const NO_DIALOGS = { answerApproval: () => false, answerQuestion: () => false, answerElicitation: () => false };

/**
 * A CurrentSession over one given core session (tests): the bridges under test follow it as
 * they follow the real one. `saved` plays the saved sessions. Disposing it disposes the session.
 */
export async function currentSessionOf(
  host: BridgeEndpoint,
  session: SessionPort,
  saved: Map<string, GlassboxEvent[]> = new Map(),
): Promise<CurrentSession> {
  const current = new CurrentSession({
    open: async () => ({ session, dialogs: NO_DIALOGS }),
    saved: {
      exists: (id) => saved.has(id),
      load: (id) => {
        const events = saved.get(id);
        if (!events) throw new Error(`no session '${id}'`);
        return { events };
      },
    },
    emit: (name, payload) => host.emit(name, payload),
    savedTitle: () => null,
    settings: () => ({}) as SettingsView,
    listChanged: () => undefined,
  });
  await current.start();
  return current;
}
