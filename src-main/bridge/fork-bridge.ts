import type { ForkChange, ForkModelOptions, ForkResult, ProviderOption } from '../../src-shared/contract/fork-views';
import { loadConfig } from '../core/config/config';
import { glassboxPaths } from '../core/config/paths';
import { maxTemperature, thinkingForms } from '../core/llm/model-support';
import { providerIds, resolveProvider } from '../core/llm/providers';
import { settingsOf } from '../core/session/model';
import type { GlassboxEvent } from '../../src-shared/events/event-types';
import { BridgeError } from '../../src-shared/contract/wire';
import { diffSessions } from '../../src-shared/read-models/session-diff';
import { prepareFork } from '../core/session/create-fork';
import { ForkError } from '../core/fork/plan';
import type { SessionStore } from '../core/session/store';
import { isValidSessionId } from '../core/config/paths';
import type { BridgeEndpoint } from './endpoint';
import type { CurrentSession } from './current-session';

/** The seq of a call's row in a session's events: its start (`call`) or its end (`result`). */
function seqOfCall(events: readonly GlassboxEvent[], callId: string, part: 'call' | 'result'): number {
  const type = part === 'call' ? 'tool_execution_start' : 'tool_execution_end';
  const e = events.find((x) => x.type === type && x.callId === callId && !x.replayOf && !x.origin);
  if (!e) throw new BridgeError('NOT_FOUND', `No ${part} of call ${callId} in this session.`);
  return e.seq;
}

/** The configured providers, resolved as a fork would use them (an entry that cannot be resolved is left out and named in `error`). */
function forkModelOptions(opts: ForkBridgeOptions): ForkModelOptions {
  const env = typeof opts.env === 'function' ? opts.env() : opts.env;
  let config;
  try {
    config = loadConfig(glassboxPaths(env), opts.workspace).config;
  } catch (err) {
    return { providers: [], error: (err as Error).message };
  }
  const providers: ProviderOption[] = [];
  const errors: string[] = [];
  for (const id of providerIds(config)) {
    try {
      const cfg = resolveProvider(config, id, env);
      providers.push({ ...settingsOf(cfg, id), thinkingForms: thinkingForms(cfg), maxTemperature: maxTemperature(cfg) });
    } catch (err) {
      errors.push((err as Error).message);
    }
  }
  return { providers, ...(errors.length ? { error: errors.join('; ') } : {}) };
}

export interface ForkBridgeOptions {
  host: BridgeEndpoint;
  current: CurrentSession;
  store: SessionStore;
  env: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv);
  /** The host's workspace: a live fork works there; a copy is made from it when no checkpoint fits. */
  workspace: string;
}

/**
 * `sessions.fork` and `sessions.compare`: the window's *Fork from here…* (the fork is prepared
 * in core, opened in this window like a saved session — in its own copy of the files — and run
 * on) and its compare view (two saved sessions aligned step by step).
 */
export class ForkBridge {
  private readonly off: () => void;

  constructor(opts: ForkBridgeOptions) {
    this.off = opts.host.registerAll({
      // The request was parsed at the edge (ForkWindowRequestSchema, fork-views.ts).
      'sessions.fork': async (req) => {
        if (!isValidSessionId(req.parent) || !opts.store.exists(req.parent)) throw new BridgeError('NOT_FOUND', `No saved session ${req.parent}.`);
        const at = req.at ?? seqOfCall(opts.store.load(req.parent).events, req.callId!, req.part ?? 'call');
        const env = typeof opts.env === 'function' ? opts.env() : opts.env;
        let files;
        try {
          files = await prepareFork({ parent: req.parent, at, change: req.change as ForkChange, ...(req.recorded ? { recorded: true } : {}), workspace: req.workspace ?? 'copy' }, { env, workspace: opts.workspace });
        } catch (err) {
          if (err instanceof ForkError) throw new BridgeError('BAD_ARGS', err.message);
          throw err;
        }
        await opts.current.openSaved(files.forkId);
        await opts.current.require().startFork(files);
        const out: ForkResult = { id: files.forkId, workspace: files.workspace.dir, ...(files.workspace.warning ? { warning: files.workspace.warning } : {}) };
        return out;
      },
      'sessions.forkModels': () => forkModelOptions(opts),
      'sessions.compare': (left, right) => {
        for (const id of [left, right]) if (!isValidSessionId(id) || !opts.store.exists(id)) throw new BridgeError('NOT_FOUND', `No saved session ${id}.`);
        return diffSessions(left, opts.store.load(left).events, right, opts.store.load(right).events);
      },
    });
  }

  /** Unregisters the handlers. */
  dispose(): void {
    this.off();
  }
}
