import { BridgeError } from '../../../src-shared/contract/wire';
import type { Checkpoint, CheckpointFileChange, RestoreOptions, RestoreResult } from '../../../src-shared/contract/checkpoint-views';
import type { SessionPort } from '../session-port';

const RUNNING = 'A run is going: wait for it to end or cancel it before restoring the conversation.';

/**
 * The checkpoints methods over the current session: list, preview a restore, restore files
 * and/or the conversation, undo a conversation restore. Texts in a preview are the session's
 * own files: the session's secrets are hidden in them as in events.
 */
export function checkpointHandlers(session: () => SessionPort | null) {
  const cps = () => {
    const s = session();
    if (!s) throw new BridgeError('FAILED', 'No session is open.');
    if (!s.checkpoints) throw new BridgeError('FAILED', 'Checkpoints are off for this session (config checkpoints.enabled).');
    return { s, cps: s.checkpoints };
  };
  const conv = (s: SessionPort) => {
    if (!s.conversation) throw new BridgeError('FAILED', 'This session has no conversation to restore.');
    if (s.running) throw new BridgeError('FAILED', RUNNING);
    return s.conversation;
  };
  const hide = <T>(s: SessionPort, v: T): T => (s.redactor?.active ? s.redactor.redactValue(v) : v);
  return {
    // Labels quote the task, which may hold a secret the user pasted.
    'checkpoints.list': (): Checkpoint[] => {
      const s = session();
      return s?.checkpoints ? hide(s, s.checkpoints.list()) : [];
    },
    'checkpoints.preview': async (id: string): Promise<CheckpointFileChange[]> => {
      const { s, cps: c } = cps();
      try {
        return hide(s, await c.preview(id));
      } catch (err) {
        throw new BridgeError('FAILED', (err as Error).message);
      }
    },
    // Arguments parsed at the edge (RestoreOptionsSchema refuses neither files nor conversation).
    'checkpoints.restore': async (id: string, paths?: string[], opts?: RestoreOptions): Promise<RestoreResult> => {
      const { s, cps: c } = cps();
      const files = opts?.files !== false;
      const conversation = opts?.conversation === true;
      let conversationSeq: number | undefined;
      if (conversation) {
        const rewind = conv(s);
        const cp = c.list().find((x) => x.id === id);
        if (!cp) throw new BridgeError('FAILED', `no checkpoint ${id} (it may have been pruned)`);
        if (cp.afterSeq === undefined || cp.session !== s.id) throw new BridgeError('FAILED', `“${hide(s, cp.label)}” is not the end of a turn of this session's conversation: only its files can be restored.`);
        // First (it is synchronous: no run can start in between), taken back if the files fail.
        try {
          conversationSeq = rewind.restore(cp.afterSeq, { checkpointId: id }).seq;
        } catch (err) {
          throw new BridgeError('FAILED', (err as Error).message);
        }
      }
      if (!files) return { files: [], conversationSeq };
      try {
        return hide(s, { ...(await c.restore(id, paths as string[] | undefined)), ...(conversationSeq !== undefined ? { conversationSeq } : {}) });
      } catch (err) {
        if (conversationSeq !== undefined) s.conversation?.restore(conversationSeq - 1, { undoOf: conversationSeq });
        throw new BridgeError('FAILED', (err as Error).message);
      }
    },
    'checkpoints.undoConversation': (restoreSeq: number): { seq: number; messages: number } => {
      const s = session();
      if (!s) throw new BridgeError('FAILED', 'No session is open.');
      const rewind = conv(s);
      try {
        return rewind.restore(restoreSeq - 1, { undoOf: restoreSeq });
      } catch (err) {
        throw new BridgeError('FAILED', (err as Error).message);
      }
    },
  };
}
