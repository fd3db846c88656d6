import { GlassboxSession } from '../core/session/glassbox-session';
import { type SessionOptions } from '../core/session/options';
import type { DialogAnswerPort, OpenedSession, SessionOpener } from './session-port';

export interface CoreSessionOpenerOptions {
  workspace: string;
  /** The session's environment; a function is read at every open (e.g. a key set meanwhile). */
  env: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv);
  /** Extra session options (ports) per opened session. */
  ports: () => { sessionOptions: Partial<SessionOptions>; dialogs: DialogAnswerPort };
}

/** Opens real core sessions (GlassboxSession, which is the bridge's SessionPort as it is). */
export function coreSessionOpener(opts: CoreSessionOpenerOptions): SessionOpener {
  return async (sessionId, saved): Promise<OpenedSession> => {
    const { sessionOptions, dialogs } = opts.ports();
    const session = await GlassboxSession.create({
      workspace: opts.workspace,
      env: typeof opts.env === 'function' ? opts.env() : opts.env,
      ...(sessionId ? { sessionId } : {}),
      // Read once by the host to show it: not read again here.
      ...(sessionId && saved ? { savedFile: saved } : {}),
      // The window opens at once; the MCP pane shows servers as they connect, and a run waits for them.
      mcpInBackground: true,
      ...sessionOptions,
    });
    return { session, dialogs };
  };
}
