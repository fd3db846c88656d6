import { parseArgsText } from './args-check';
import type { SliceActions } from '../store-types';
import { errorText } from '../store-types';
import type { ReplayTarget } from './state';

/** The recorded arguments as the editor shows them. */
function argsJson(args: unknown): string {
  return JSON.stringify(args ?? {}, null, 2);
}

/** The replay slice's actions. */
export interface ReplayActions {
  /** Chooses the call to replay and shows the replay pane. */
  openReplay(target: ReplayTarget): void;
  /**
   * While the pane is open on the chosen call: loads it and its tool's schema. The unsubscribe
   * drops what the pane showed (and an answer still on its way), so it opens afresh next time.
   */
  watchReplay(): () => void;
  setReplayArgsText(text: string): void;
  setReplayProblems(problems: string[]): void;
  /** Puts the recorded arguments back into the editor. */
  resetReplayArgs(): void;
  /** Re-runs the call with the edited arguments through the tool path. */
  runReplay(): Promise<void>;
}

/** Builds the replay slice's actions. */
export const replayActions: SliceActions<ReplayActions> = (set, get, bridge) => {
  // Only the latest preparation may fill the pane (the choice can change while one is under way).
  let preparing = 0;
  return {
    openReplay: (replayTarget) => {
      set({ replayTarget });
      get().setRightTab('replay');
    },
    watchReplay: () => {
      const token = ++preparing;
      const clear = { replayCall: null, replayOutcome: null, replayError: null, replayProblems: [] };
      const target = get().replayTarget;
      set(clear);
      if (target) {
        const api = bridge();
        // Optional args are left out, not sent as undefined (JSON turns that into null).
        (target.sessionId ? api.replay.prepare(target.callId, target.sessionId) : api.replay.prepare(target.callId)).then(
          (p) => {
            if (token !== preparing) return;
            set({ replayCall: p.call, replaySchema: p.schema, replayArgsText: argsJson(p.call.args), replayEditorKey: get().replayEditorKey + 1 });
          },
          (err: unknown) => token === preparing && set({ replayError: errorText(err) }),
        );
      }
      return () => {
        if (token !== preparing) return;
        preparing++;
        set(clear);
      };
    },
    setReplayArgsText: (replayArgsText) => set({ replayArgsText }),
    setReplayProblems: (replayProblems) => set({ replayProblems }),
    resetReplayArgs: () => {
      const call = get().replayCall;
      // The recorded arguments are valid: the errors of the edit being thrown away go with it (a
      // fresh editor with no problems reports no marker change, so nothing else would clear them).
      if (call) set({ replayArgsText: argsJson(call.args), replayEditorKey: get().replayEditorKey + 1, replayProblems: [], replayError: null });
    },
    runReplay: async () => {
      const { replayCall: call, replayTarget: target, replayArgsText } = get();
      const parsed = parseArgsText(replayArgsText);
      if (!parsed.ok || !call || !target) return;
      set({ replayRunning: true, replayError: null, replayOutcome: null });
      try {
        set({ replayOutcome: await bridge().replay.run({ callId: call.callId, args: parsed.args, ...(target.sessionId ? { sessionId: target.sessionId } : {}) }) });
      } catch (err) {
        set({ replayError: errorText(err) });
      } finally {
        set({ replayRunning: false });
      }
    },
  };
};
