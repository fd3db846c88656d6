import type { SliceActions } from '../store-types';
import { errorText } from '../store-types';
import type { EditsState } from './state';

/** The edits slice's actions. */
export interface EditsActions {
  loadEdits(): Promise<void>;
  /** Shows a file, at its latest edit. */
  showEditedFile(path: string): void;
  /** Shows one edit of the file; null follows its latest. */
  showEdit(index: number | null): void;
  /** Runs the editor's undo_edit on the file through the tool path; the pane then follows its latest edit. */
  undoLastEdit(path: string): Promise<void>;
  /** Puts the file back as it was before that editor call (the user's action, asked nothing); its card shows what it said. */
  revertEdit(callId: string): Promise<void>;
  /**
   * While the pane is open: loads the edits, reloads after each editor call, and starts over on
   * another session. Returns the unsubscribe.
   */
  watchEdits(): () => void;
}

/** Builds the edits slice's actions. */
export const editsActions: SliceActions<EditsActions> = (set, get, bridge) => ({
  loadEdits: async () => {
    try {
      set({ edits: await bridge().edits.list() });
    } catch (err) {
      set({ editMessage: { ok: false, text: errorText(err) } });
    }
  },
  showEditedFile: (editPath) => set({ editPath, editIndex: null }),
  showEdit: (editIndex) => set({ editIndex }),
  undoLastEdit: async (path) => {
    set({ editBusy: true, editMessage: null });
    try {
      const r = await bridge().edits.undo(path);
      set({ editMessage: r, editIndex: null });
      void get().loadEdits();
    } catch (err) {
      set({ editMessage: { ok: false, text: errorText(err) } });
    } finally {
      set({ editBusy: false });
    }
  },
  revertEdit: async (callId) => {
    const put = (v: EditsState['revertState'][string]): void => set({ revertState: { ...get().revertState, [callId]: v } });
    put({ busy: true });
    try {
      put({ busy: false, message: await bridge().edits.revert(callId) });
      void get().loadEdits();
    } catch (err) {
      put({ busy: false, message: { ok: false, text: errorText(err) } });
    }
  },
  watchEdits: () => {
    const api = bridge();
    set({ editMessage: null });
    void get().loadEdits();
    const offs = [
      api.agent.onEvent((e) => {
        if (e.type === 'tool_execution_end' && e.tool === 'str_replace_editor') void get().loadEdits();
      }),
      api.sessions.onSwitched(() => {
        set({ editPath: null, editIndex: null });
        void get().loadEdits();
      }),
    ];
    return () => offs.forEach((off) => off());
  },
});
