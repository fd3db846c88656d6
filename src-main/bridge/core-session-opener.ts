import { GlassboxSession, type SessionOptions } from '../core/session/glassbox-session';
import { BridgeError } from './contract';
import type { BridgeSessionPort, DialogAnswerPort, OpenedSession, SessionOpener } from './session-bridge';

/** What the agent issue adds to GlassboxSession; checked at run time until every host has it. */
interface AgentCapable {
  send(text: string): Promise<unknown>;
  cancel(): Promise<unknown> | unknown;
  readonly running: boolean;
}

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
      ...sessionOptions,
    });
    opts.onOpen?.(session);
    return { session: asBridgeSession(session), dialogs };
  };
}

function asBridgeSession(session: GlassboxSession): BridgeSessionPort {
  const agent = session as unknown as Partial<AgentCapable>;
  return {
    id: session.id,
    bus: session.bus,
    get running() {
      return Boolean(agent.running);
    },
    async send(text: string) {
      if (typeof agent.send !== 'function') throw new BridgeError('FAILED', 'This build has no agent loop yet.');
      return agent.send.call(session, text);
    },
    async cancel() {
      if (typeof agent.cancel === 'function') await agent.cancel.call(session);
    },
    dispose: () => session.dispose(),
  };
}
