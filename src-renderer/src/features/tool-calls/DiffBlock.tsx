import { memo, useMemo, useState } from 'react';
import { diffLines, diffStat, toHunks, type DiffLine } from './line-diff';

function Line({ l }: { l: DiffLine }) {
  const mark = l.kind === 'add' ? '+' : l.kind === 'del' ? '-' : ' ';
  return (
    <div className={`diff-line diff-${l.kind}`} data-kind={l.kind}>
      <span className="diff-no">{l.oldNo ?? ''}</span>
      <span className="diff-no">{l.newNo ?? ''}</span>
      <span className="diff-mark">{mark}</span>
      <span className="diff-text">{l.text}</span>
    </div>
  );
}

/**
 * A unified line diff of two texts, folded to the changed hunks (3 lines of context) with a
 * toggle for the whole file. Light on purpose (no editor): approvals and cards show many.
 */
export const DiffBlock = memo(function DiffBlock({ before, after, path, testId = 'diff-view' }: { before: string; after: string; path?: string; testId?: string }) {
  const lines = useMemo(() => diffLines(before, after), [before, after]);
  const hunks = useMemo(() => toHunks(lines), [lines]);
  const stat = diffStat(lines);
  const [whole, setWhole] = useState(false);
  const folded = hunks.reduce((n, h) => n + h.hiddenBefore, 0) + (lines.length - hunks.reduce((n, h) => n + h.hiddenBefore + h.lines.length, 0));
  return (
    <div className="diff-block" data-testid={testId}>
      <div className="diff-head">
        {path ? <span className="diff-path" title={path}><bdi>{path}</bdi></span> : null}
        <span className="diff-stat">
          <span className="diff-stat-add">+{stat.added}</span> <span className="diff-stat-del">−{stat.removed}</span>
        </span>
        {folded > 0 ? (
          <button className="link-button" data-testid="diff-toggle" onClick={() => setWhole(!whole)}>
            {whole ? 'Changed lines only' : 'Whole file'}
          </button>
        ) : null}
      </div>
      <div className="diff-body">
        {whole
          ? lines.map((l, i) => <Line key={i} l={l} />)
          : hunks.map((h, i) => (
              <div key={i} className="diff-hunk">
                {h.hiddenBefore > 0 ? <div className="diff-fold">⋯ {h.hiddenBefore} unchanged line{h.hiddenBefore === 1 ? '' : 's'}</div> : null}
                {h.lines.map((l, k) => (
                  <Line key={k} l={l} />
                ))}
              </div>
            ))}
        {!whole && hunks.length === 0 ? <div className="diff-fold">No change.</div> : null}
      </div>
    </div>
  );
});
