import type { SliceActions } from '../store-types';
import { errorText } from '../store-types';

/** The checkpoints slice's actions. */
export interface CheckpointsActions {
  loadCheckpoints(): Promise<void>;
  /** Opens *Restore to here* for a checkpoint: asks the host what it would change. */
  openRestore(id: string): Promise<void>;
  closeRestore(): void;
  toggleRestoreFile(path: string): void;
  /** Chooses whether the restore puts back the files and/or the conversation. */
  setRestoreParts(parts: { files?: boolean; conversation?: boolean }): void;
  /** Restores the chosen files; the panel closes and the undo point is kept. */
  confirmRestore(): Promise<void>;
  /** Takes the last restore back (restores the checkpoint taken just before it). */
  undoRestore(): Promise<void>;
  /** Reloads the list on every `checkpoint` event and on a session switch; returns the unsubscribe. */
  watchCheckpoints(): () => void;
}

/** Builds the checkpoints slice's actions. */
export const checkpointsActions: SliceActions<CheckpointsActions> = (set, get, bridge) => ({
  loadCheckpoints: async () => {
    try {
      set({ checkpoints: await bridge().checkpoints.list() });
    } catch (err) {
      set({ checkpointMessage: { ok: false, text: errorText(err) } });
    }
  },
  openRestore: async (id) => {
    const cp = get().checkpoints.find((c) => c.id === id);
    const canConversation = cp?.kind === 'turn' && cp.afterSeq !== undefined;
    set({ restorePanel: { id, label: cp?.label ?? id.slice(0, 8), files: null, chosen: [], busy: true, withFiles: true, withConversation: false, canConversation }, checkpointMessage: null });
    try {
      const files = await bridge().checkpoints.preview(id);
      if (get().restorePanel?.id !== id) return;
      set({ restorePanel: { ...get().restorePanel!, files, chosen: files.map((f) => f.path), busy: false } });
    } catch (err) {
      if (get().restorePanel?.id === id) set({ restorePanel: { ...get().restorePanel!, busy: false, error: errorText(err) } });
    }
  },
  closeRestore: () => set({ restorePanel: null }),
  toggleRestoreFile: (path) => {
    const p = get().restorePanel;
    if (!p) return;
    set({ restorePanel: { ...p, chosen: p.chosen.includes(path) ? p.chosen.filter((x) => x !== path) : [...p.chosen, path] } });
  },
  setRestoreParts: (parts) => {
    const p = get().restorePanel;
    if (!p) return;
    set({ restorePanel: { ...p, withFiles: parts.files ?? p.withFiles, withConversation: p.canConversation && (parts.conversation ?? p.withConversation), error: undefined } });
  },
  confirmRestore: async () => {
    const p = get().restorePanel;
    if (!p || !p.files) return;
    const files = p.withFiles && p.chosen.length > 0;
    if (!files && !p.withConversation) return;
    set({ restorePanel: { ...p, busy: true } });
    try {
      const all = p.chosen.length === p.files.length;
      const r = await bridge().checkpoints.restore(p.id, all ? undefined : p.chosen, { files, conversation: p.withConversation });
      const parts = [files ? `${r.files.length} file${r.files.length === 1 ? '' : 's'}` : '', r.conversationSeq !== undefined ? 'the conversation' : ''].filter(Boolean);
      set({
        restorePanel: null,
        lastRestore: { undoId: r.undo?.id, files: r.files, label: p.label, conversationSeq: r.conversationSeq },
        checkpointMessage: { ok: true, text: `Restored ${parts.join(' and ')} to “${p.label}”.` },
      });
      void get().loadCheckpoints();
    } catch (err) {
      set({ restorePanel: { ...p, busy: false, error: errorText(err) } });
    }
  },
  undoRestore: async () => {
    const last = get().lastRestore;
    if (!last) return;
    try {
      const parts: string[] = [];
      if (last.conversationSeq !== undefined) {
        await bridge().checkpoints.undoConversation(last.conversationSeq);
        parts.push('the conversation');
        // Done once: a failing files part below must not take the conversation back twice.
        set({ lastRestore: { ...last, conversationSeq: undefined } });
      }
      if (last.undoId) {
        const r = await bridge().checkpoints.restore(last.undoId);
        parts.unshift(`${r.files.length} file${r.files.length === 1 ? '' : 's'}`);
      }
      set({ lastRestore: null, checkpointMessage: { ok: true, text: `Restore undone: ${parts.join(' and ')} back as ${parts.length > 1 || parts[0] !== 'the conversation' ? 'they were' : 'it was'}.` } });
      void get().loadCheckpoints();
    } catch (err) {
      set({ checkpointMessage: { ok: false, text: errorText(err) } });
    }
  },
  watchCheckpoints: () => {
    const api = bridge();
    void get().loadCheckpoints();
    const offs = [
      api.agent.onEvent((e) => {
        if (e.type === 'checkpoint') void get().loadCheckpoints();
      }),
      api.sessions.onSwitched(() => {
        set({ restorePanel: null, lastRestore: null, checkpointMessage: null });
        void get().loadCheckpoints();
      }),
    ];
    return () => offs.forEach((off) => off());
  },
});
