import { BridgeError } from '../../../src-shared/contract/wire';
import type { Checkpoint, CheckpointFileChange } from '../../../src-shared/contract/checkpoint-views';
import type { SessionPort } from '../session-port';

/**
 * The checkpoints methods over the current session: list, preview a restore, restore. Texts in a
 * preview are the session's own files: the session's secrets are hidden in them as in events.
 */
export function checkpointHandlers(session: () => SessionPort | null) {
  const cps = () => {
    const s = session();
    if (!s) throw new BridgeError('FAILED', 'No session is open.');
    if (!s.checkpoints) throw new BridgeError('FAILED', 'Checkpoints are off for this session (config checkpoints.enabled).');
    return { s, cps: s.checkpoints };
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
    'checkpoints.restore': async (id: string, paths?: unknown[]) => {
      const { s, cps: c } = cps();
      if (paths !== undefined && !paths.every((p): p is string => typeof p === 'string')) throw new BridgeError('BAD_ARGS', 'checkpoints.restore: paths must be strings.');
      try {
        return hide(s, await c.restore(id, paths as string[] | undefined));
      } catch (err) {
        throw new BridgeError('FAILED', (err as Error).message);
      }
    },
  };
}
