import type { BridgeEndpoint, MethodHandlers } from './endpoint';
import { matchesCallFilter, summarizeCall } from '../../src-shared/read-models/call-index';
import { BridgeError } from '../../src-shared/contract/wire';
import type { AgentState, CallFilter, ExportedFile, SessionSummary } from '../../src-shared/contract/views';
import type { MethodName } from '../../src-shared/contract/methods';
import type { SessionStore } from '../core/session/store';
import type { CurrentSession } from './current-session';
import type { OpenSession } from './open-session';
import { safe, type EmitEvent } from './open-session';
import { requireSaved, type SavedSessionList } from './saved-session-list';
import type { SettingsStore } from './settings-store';

export interface SessionBridgeOptions {
  host: BridgeEndpoint;
  /** The owner of the open session this bridge serves. */
  current: CurrentSession;
  /** The saved sessions (the core's SessionStore over $GLASSBOX_HOME/sessions). */
  store: SessionStore;
  /** The saved sessions as the sidebar lists them. */
  list: SavedSessionList;
  settings: SettingsStore;
  /** Pushes to every connection of the host (settings); default this bridge's host. */
  broadcast?: EmitEvent;
  /** Adds the open sessions' live states to a list (the sidebar's badges). */
  withLive?: (list: SessionSummary[], query?: string) => SessionSummary[];
  /** Pushes the sessions list to every connection; default this bridge's host only. */
  emitList?: () => void;
  /** Closes a session open in this host (in another window or in the background) before its file is deleted; BUSY while it runs. */
  closeOpen?: (id: string) => Promise<void>;
}

/** The state shown when no session is open. */
const NO_SESSION: AgentState = { sessionId: '', running: false };

/**
 * Implements the agent, sessions, calls, dialogs and settings namespaces of the contract over
 * the current session (CurrentSession → OpenSession, which keeps the events, the call index and
 * the pending dialogs), so a reloaded page (or a second window) gets everything back from
 * `sessions.view` and `dialogs.pending`.
 */
export class SessionBridge {
  private readonly offHandlers: () => void;

  constructor(private readonly opts: SessionBridgeOptions) {
    const { current, store } = opts;
    const open = (): OpenSession => current.require();
    const handlers: MethodHandlers = {
      'agent.send': (text) => {
        // Refused before anything starts, so the window keeps the task typed and opens the setup panel.
        if (!opts.settings.get().model) throw new BridgeError('FAILED', 'No model is configured yet: set one up first (provider, model, and a key if it needs one).');
        return current.send(text);
      },
      'agent.retry': () => {
        if (!opts.settings.get().model) throw new BridgeError('FAILED', 'No model is configured yet: set one up first (provider, model, and a key if it needs one).');
        return current.retry();
      },
      'agent.cancel': () => current.session?.cancel() ?? NO_SESSION,
      'agent.queue': (text) => {
        if (!opts.settings.get().model) throw new BridgeError('FAILED', 'No model is configured yet: set one up first (provider, model, and a key if it needs one).');
        return open().busy ? open().queue(text) : current.send(text);
      },
      'agent.editQueued': (id, text) => open().editQueued(id, text),
      'agent.removeQueued': (id) => open().removeQueued(id),
      'agent.stopAfterStep': () => open().stopAfterStep(),
      'agent.state': () => current.session?.state() ?? NO_SESSION,
      'sessions.list': (query) => this.withLive(opts.list.list(query), query),
      'sessions.current': () => open().snapshot(),
      'sessions.view': (tail) => open().view(tail),
      'sessions.open': (id) => current.openSaved(id),
      'sessions.new': () => current.openNew(),
      'sessions.rename': (id, title) => {
        requireSaved(store, id);
        store.rename(id, title.trim().slice(0, 200) || 'Untitled session');
        if (id === current.session?.id) current.session.forgetTitle();
        this.emitList();
        return { ok: true };
      },
      'sessions.delete': async (id) => {
        if (current.session?.id === id) {
          if (current.session.core.running) throw new BridgeError('BUSY', 'Stop the run before deleting its session.');
          await current.openNew();
        }
        requireSaved(store, id);
        await opts.closeOpen?.(id);
        store.delete(id);
        this.emitList();
        return { ok: true };
      },
      'sessions.setModel': (model) => open().setModel(model),
      'sessions.export': (id) => {
        requireSaved(store, id);
        return store.export(id);
      },
      'calls.list': (filter) => callsOf(open(), filter).map(summarizeCall),
      'calls.get': (callId) => open().callIndex.byId.get(callId) ?? null,
      'calls.export': (callId, filter) => exportCalls(open(), callId, filter),
      'dialogs.pending': () => current.session?.pending ?? [],
      // An "always" answer becomes a rule the core's gate keeps and saves to the config.
      'dialogs.answerApproval': (requestId, decision, always) =>
        open().answer(requestId, (port) => port.answerApproval(requestId, decision, Boolean(always))),
      'dialogs.answerQuestion': (requestId, answer) => open().answer(requestId, (port) => port.answerQuestion(requestId, answer)),
      'dialogs.answerElicitation': (requestId, action, content) =>
        open().answer(requestId, (port) => port.answerElicitation(requestId, action, content)),
      'settings.get': () => opts.settings.get(),
      'settings.testConnection': (draft) => opts.settings.testConnection(draft),
      'settings.set': (patch) => {
        const view = opts.settings.set(patch);
        // Sessions read config when built: the next send reopens this one with the new settings.
        current.markStale();
        (opts.broadcast ?? opts.host.emit.bind(opts.host))('settings.changed', view);
        return view;
      },
    };
    // Calls that arrive while the first session is still being built (or another one is being
    // opened) wait for it; a first screen asked for meanwhile comes from the end of its file.
    const gated: MethodHandlers = {};
    for (const [m, h] of Object.entries(handlers) as Array<[MethodName, (...a: unknown[]) => unknown]>) {
      (gated as Record<string, unknown>)[m] = async (...a: unknown[]) => {
        if (m === 'sessions.view') {
          const preview = current.previewView(a[0] as number | undefined);
          if (preview) return preview;
        }
        await current.ready;
        if (m !== 'sessions.open' && m !== 'sessions.new' && m !== 'sessions.list') await current.switching;
        return h(...a);
      };
    }
    this.offHandlers = opts.host.registerAll(gated);
  }

  /** Unregisters the handlers. */
  dispose(): void {
    this.offHandlers();
  }

  /** Pushes the saved sessions list (after a rename, delete or run). */
  emitList(): void {
    if (this.opts.emitList) this.opts.emitList();
    else this.opts.host.emit('sessions.changed', this.withLive(safe(() => this.opts.list.list()) ?? []));
  }

  private withLive(summaries: SessionSummary[], query?: string): SessionSummary[] {
    return this.opts.withLive ? this.opts.withLive(summaries, query) : summaries;
  }
}

function callsOf(open: OpenSession, filter: CallFilter | undefined) {
  const { order, byId } = open.callIndex;
  return order.map((id) => byId.get(id)!).filter((c) => matchesCallFilter(c, filter));
}

function exportCalls(open: OpenSession, callId: string | undefined, filter: CallFilter | undefined): ExportedFile {
  if (callId) {
    const c = open.callIndex.byId.get(callId);
    if (!c) throw new BridgeError('NOT_FOUND', `No call ${callId} in this session.`);
    return { fileName: `call-${callId}.json`, mimeType: 'application/json', text: JSON.stringify(c, null, 2) };
  }
  return { fileName: `calls-${open.id}.json`, mimeType: 'application/json', text: JSON.stringify(callsOf(open, filter), null, 2) };
}
