import { memo } from 'react';
import { useApp } from '../../store/app-context';
import { checkpointAfter, checkpointsSelectors } from '../../store/checkpoints/selectors';

/** On a finished turn that changed files: how many, and *Restore to here* (the files as they were when it ended). */
export const TurnCheckpoint = memo(function TurnCheckpoint({ endKey }: { endKey: string }) {
  const seq = Number(endKey.slice(1));
  const cp = useApp((s) => checkpointAfter(checkpointsSelectors.list(s), seq));
  const open = useApp((s) => s.openRestore);
  if (!cp) return null;
  return (
    <span className="turn-checkpoint" data-testid="turn-checkpoint" data-checkpoint={cp.id}>
      <span className="muted">
        {' '}· checkpoint, {cp.changed} file{cp.changed === 1 ? '' : 's'} changed
      </span>
      <button className="link-button" data-testid="restore-to-here" onClick={() => void open(cp.id)} title="Put the workspace's files back as they were when this turn ended">
        Restore to here…
      </button>
    </span>
  );
});
