import type { SliceActions } from '../store-types';
import { errorText } from '../store-types';

/** The checkpoints slice's actions. */
export interface CheckpointsActions {
  loadCheckpoints(): Promise<void>;
  /** Opens *Restore to here* for a checkpoint: asks the host what it would change. */
  openRestore(id: string): Promise<void>;
  closeRestore(): void;
  toggleRestoreFile(path: string): void;
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
    set({ restorePanel: { id, label: cp?.label ?? id.slice(0, 8), files: null, chosen: [], busy: true }, checkpointMessage: null });
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
  confirmRestore: async () => {
    const p = get().restorePanel;
    if (!p || !p.files) return;
    set({ restorePanel: { ...p, busy: true } });
    try {
      const all = p.chosen.length === p.files.length;
      const r = await bridge().checkpoints.restore(p.id, all ? undefined : p.chosen);
      set({
        restorePanel: null,
        lastRestore: { undoId: r.undo.id, files: r.files, label: p.label },
        checkpointMessage: { ok: true, text: `Restored ${r.files.length} file${r.files.length === 1 ? '' : 's'} to “${p.label}”.` },
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
      const r = await bridge().checkpoints.restore(last.undoId);
      set({ lastRestore: null, checkpointMessage: { ok: true, text: `Restore undone: ${r.files.length} file${r.files.length === 1 ? '' : 's'} back as they were.` } });
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
