import { FIRST_SCREEN_ROWS, type SessionView } from '../../../../src-shared/contract/views';
import type { GlassboxEvent } from '../../../../src-shared/events/event-types';
import { fromView, reduceEvent, type SessionData } from '../event-reducer';
import { FrameBatch, reduceEvents } from './frame-batch';
import type { SliceActions } from '../store-types';

/** The chat slice's actions: the session's events in, messages and stops out. */
export interface ChatActions {
  applyEvent(e: GlassboxEvent): void;
  /** Loads the host's pre-reduced view of the current session (start, reload, switch). */
  loadView(v: SessionView): void;
  /**
   * Replaces a tail view with the whole one (the same session, later): the selection stays. A view older than what the store already shows is refused (returns false).
   */
  completeView(v: SessionView): boolean;
  setAgentState(s: SessionData['agent']): void;
  /** Sends a message to the agent; true once the host took it (a failure shows a banner). */
  sendMessage(text: string): Promise<boolean>;
  /** Sends the last task again (a failed run's Retry). */
  retryLastTask(): Promise<boolean>;
  /** Stops the run. */
  stopRun(): Promise<void>;
  /** Queues a message for the running run's next model request; true once the host took it. */
  queueMessage(text: string): Promise<boolean>;
  /** Changes a queued message (false: it already went in). */
  editQueued(id: string, text: string): Promise<boolean>;
  /** Removes a queued message. */
  removeQueued(id: string): Promise<void>;
  /** *Stop after this step*. */
  stopAfterStep(): Promise<void>;
  /** Shows the last screen of the current session; rejects when the host cannot be reached. */
  loadFirstScreen(): Promise<void>;
  /**
   * Fetches the whole current session after its tail is shown. An answer older than the live
   * events already applied (possible where events and answers travel apart, as over Electron
   * IPC) is asked for again, so no event is lost.
   */
  loadWholeSession(sessionId: string): Promise<void>;
  /** Follows the session's live events, the agent's state and session switches; returns the unsubscribe. */
  watchSession(): () => void;
}

/** Builds the chat slice's actions. */
export const chatActions: SliceActions<ChatActions> = (set, get, bridge) => ({
  applyEvent: (e) => {
    const patch = reduceEvent(get(), e);
    if (Object.keys(patch).length) set(patch);
  },
  loadView: (v) => set({ ...fromView(v), selectedCallId: null }),
  completeView: (v) => {
    const s = get();
    if (v.summary.id !== s.sessionId || v.lastSeq < s.lastSeq) return false;
    set({ ...fromView(v), callsVersion: s.callsVersion + 1 });
    return true;
  },
  setAgentState: (agent) => {
    if (agent.sessionId && agent.sessionId !== get().sessionId) return;
    set({ agent });
  },
  sendMessage: async (text) => {
    try {
      // Resources and prompts attached in the composer go in front of the message (the host reads them).
      const attachments = get().mcpAttachments;
      get().setAgentState(await (attachments.length ? bridge().agent.sendWith(text, attachments) : bridge().agent.send(text)));
      if (attachments.length) get().clearMcpAttachments();
      return true;
    } catch (err) {
      // No model yet: the setup panel opens, and the composer keeps the task (the send failed).
      if (err instanceof Error && /No model is configured/.test(err.message)) get().setSettingsOpen(true);
      else get().reportError('Send', err);
      return false;
    }
  },
  retryLastTask: async () => {
    // The host sends the conversation as it is: the last message once, no second copy of it.
    try {
      get().setAgentState(await bridge().agent.retry());
      return true;
    } catch (err) {
      if (err instanceof Error && /No model is configured/.test(err.message)) get().setSettingsOpen(true);
      else get().reportError('Retry', err);
      return false;
    }
  },
  stopRun: async () => {
    try {
      get().setAgentState(await bridge().agent.cancel());
    } catch (err) {
      get().reportError('Stop', err);
    }
  },
  queueMessage: async (text) => {
    try {
      // The queue shown follows its steer_queue events (in order), not this answer.
      await bridge().agent.queue(text);
      return true;
    } catch (err) {
      get().reportError('Queue', err);
      return false;
    }
  },
  editQueued: async (id, text) => {
    try {
      // The queue shown follows its steer_queue events (in order), not this answer.
      await bridge().agent.editQueued(id, text);
      return true;
    } catch (err) {
      get().reportError('Queue', err);
      return false;
    }
  },
  removeQueued: async (id) => {
    try {
      // The queue shown follows its steer_queue events (in order), not this answer.
      await bridge().agent.removeQueued(id);
    } catch (err) {
      get().reportError('Queue', err);
    }
  },
  stopAfterStep: async () => {
    try {
      get().setAgentState(await bridge().agent.stopAfterStep());
    } catch (err) {
      get().reportError('Stop', err);
    }
  },
  loadFirstScreen: async () => {
    // The last screen first (a session of any size paints at once), then the whole session; rows
    // arriving above keep the view in place. Live events apply on top of either (seq dedups).
    const view = await bridge().sessions.view(FIRST_SCREEN_ROWS);
    performance.mark('glassbox:snapshot-received');
    get().loadView(view);
    performance.mark('glassbox:snapshot-loaded');
    get().setConnection('open');
    if (view.tail) void get().loadWholeSession(view.summary.id);
  },
  loadWholeSession: async (sessionId) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      let whole;
      try {
        whole = await bridge().sessions.view();
      } catch (err) {
        get().reportError('Session', err);
        return;
      }
      if (get().sessionId !== sessionId) return; // switched meanwhile: that load wins
      if (get().completeView(whole)) return;
    }
  },
  watchSession: () => {
    const api = bridge();
    // Live text deltas are applied once per frame (see frame-batch.ts), other events at once.
    const batch = new FrameBatch((events) => {
      const patch = reduceEvents(get(), events);
      if (Object.keys(patch).length) set(patch);
    });
    const offs = [
      api.agent.onEvent((e) => batch.push(e)),
      api.agent.onState((a) => get().setAgentState(a)),
      api.sessions.onSwitched((view) => {
        batch.flush();
        get().loadView(view);
        if (view.tail) void get().loadWholeSession(view.summary.id);
      }),
    ];
    return () => offs.forEach((off) => off());
  },
});
