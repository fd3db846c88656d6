import { GlassboxSession, type SessionOptions } from '../core/session/glassbox-session';
import type { BridgeSessionPort, DialogAnswerPort, OpenedSession, SessionOpener } from './session-bridge';

export interface CoreSessionOpenerOptions {
  workspace: string;
  /** The session's environment; a function is read at every open (e.g. a key set meanwhile). */
  env: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv);
  /** Extra session options (ports) per opened session. */
  ports: () => { sessionOptions: Partial<SessionOptions>; dialogs: DialogAnswerPort };
  /** Told about every session opened (the workbench panes follow the current one). */
  onOpen?: (session: GlassboxSession) => void;
}

/** Opens real core sessions (GlassboxSession) for the bridge. */
export function coreSessionOpener(opts: CoreSessionOpenerOptions): SessionOpener {
  return async (sessionId?: string): Promise<OpenedSession> => {
    const { sessionOptions, dialogs } = opts.ports();
    const session = await GlassboxSession.create({
      workspace: opts.workspace,
      env: typeof opts.env === 'function' ? opts.env() : opts.env,
      ...(sessionId ? { sessionId } : {}),
      // The window opens at once; the MCP pane shows servers as they connect, and a run waits for them.
      mcpInBackground: true,
      ...sessionOptions,
    });
    opts.onOpen?.(session);
    return { session: asBridgeSession(session), dialogs };
  };
}

/** The bridge's view of a core session (the session itself already has send/cancel/running). */
function asBridgeSession(session: GlassboxSession): BridgeSessionPort {
  return {
    id: session.id,
    bus: session.bus,
    get running() {
      return session.running;
    },
    send: (text: string) => session.send(text),
    cancel: () => session.cancel(),
    dispose: () => session.dispose(),
    ...(session.redactor.active ? { redact: <T>(value: T): T => session.redactor.redactValue(value) } : {}),
  };
}
