import { memo, useEffect, useMemo, useState } from 'react';
import { useApp } from '../../store/app-context';
import type { CallPair, SessionDiff, StepPair } from '../../../../src-shared/read-models/session-diff';
import { resultCompareText } from '../../../../src-shared/read-models/session-diff';
import type { SessionTotals, StepCall } from '../../../../src-shared/read-models/session-steps';
import { DiffBlock } from '../tool-calls/DiffBlock';
import { formatDuration } from '../tool-calls/format';
import { compareRows, timelineLanes } from './rows';
import './compare.css';

const STATUS: Record<CallPair['status'], string> = { same: 'same', changed: 'changed', 'only-left': 'only left', 'only-right': 'only right' };

function cost(t: SessionTotals): string {
  return t.costUsd === null ? '—' : `$${t.costUsd.toFixed(4)}`;
}

function Totals({ diff }: { diff: SessionDiff }) {
  const l = diff.left.totals;
  const r = diff.right.totals;
  const rows: [string, string, string][] = [
    ['Steps', String(l.steps), String(r.steps)],
    ['Tool calls', String(l.toolCalls), String(r.toolCalls)],
    ['Tokens in / out', `${l.inputTokens.toLocaleString()} / ${l.outputTokens.toLocaleString()}`, `${r.inputTokens.toLocaleString()} / ${r.outputTokens.toLocaleString()}`],
    ['Cost', cost(l), cost(r)],
    ['Wall time', formatDuration(l.wallMs) || '0 ms', formatDuration(r.wallMs) || '0 ms'],
    ['Errors', String(l.errors), String(r.errors)],
    ['Files edited', l.files.join(', ') || '—', r.files.join(', ') || '—'],
  ];
  return (
    <table className="compare-totals" data-testid="compare-totals">
      <tbody>
        {rows.map(([k, a, b]) => (
          <tr key={k} className={a !== b ? 'differs' : undefined}>
            <th>{k}</th>
            <td>{a}</td>
            <td>{b}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Both runs on one time axis: a lane each, a bar per step, the first divergence marked. */
function Lanes({ diff }: { diff: SessionDiff }) {
  const lanes = useMemo(() => timelineLanes(diff), [diff]);
  const first = diff.firstDivergence;
  const mark = (bars: typeof lanes.left) => bars.find((b) => b.index === first)?.start;
  return (
    <div className="compare-lanes" data-testid="compare-timeline" aria-label="Both runs on one time axis">
      {(['left', 'right'] as const).map((side) => (
        <div key={side} className="compare-lane" data-lane={side}>
          <span className="compare-lane-name">{side === 'left' ? 'A' : 'B'}</span>
          <div className="compare-lane-track">
            {lanes[side].map((b) => (
              <span key={b.index} className={`lane-bar lane-${b.status}`} style={{ left: `${b.start * 100}%`, width: `${b.width * 100}%` }} title={`step ${b.index}: ${b.status}`} />
            ))}
            {mark(lanes[side]) !== undefined ? <span className="lane-divergence" style={{ left: `${mark(lanes[side])! * 100}%` }} title={`first divergence: step ${first}`} /> : null}
          </div>
        </div>
      ))}
      <div className="compare-axis muted">0 — {formatDuration(lanes.spanMs)}</div>
    </div>
  );
}

function CallCell({ c }: { c?: StepCall }) {
  if (!c) return <div className="compare-cell empty">—</div>;
  return (
    <div className="compare-cell">
      <code className="compare-tool">{c.tool}</code>
      {c.answered ? <span className="compare-answered" title="answered without running">{c.answered}</span> : null}
      <pre className="compare-args">{typeof c.args === 'string' ? c.args : JSON.stringify(c.args)}</pre>
    </div>
  );
}

function CallRow({ c }: { c: CallPair }) {
  const resultDiffers = c.resultEqual === false;
  return (
    <div className={`compare-call call-${c.status}`} data-testid="compare-call" data-status={c.status} data-result={resultDiffers ? 'differs' : c.resultEqual ? 'same' : undefined}>
      <div className="compare-call-head">
        <span className={`compare-badge badge-${c.status}`}>{STATUS[c.status]}</span>
        {resultDiffers ? <span className="compare-badge badge-changed">result differs</span> : null}
      </div>
      <div className="compare-grid">
        <CallCell c={c.left} />
        <CallCell c={c.right} />
      </div>
      {c.status === 'changed' ? <DiffBlock before={JSON.stringify(c.left!.args, null, 2)} after={JSON.stringify(c.right!.args, null, 2)} testId="compare-args-diff" /> : null}
      {resultDiffers ? <DiffBlock before={resultCompareText(c.left!.result)} after={resultCompareText(c.right!.result)} testId="compare-result-diff" /> : null}
    </div>
  );
}

const StepRow = memo(function StepRow({ p, first }: { p: StepPair; first: boolean }) {
  const one = p.left ?? p.right!;
  return (
    <section className={`compare-step step-${p.status}${first ? ' first-divergence' : ''}`} data-testid="compare-step" data-index={p.index} data-status={p.status} id={first ? 'compare-first' : undefined}>
      <header>
        <strong>Step {p.index}</strong> <span className="muted">seq {p.left?.seq ?? '—'} · {p.right?.seq ?? '—'}</span>
        {first ? <span className="compare-badge badge-first" data-testid="first-divergence">First divergence</span> : null}
        {p.status === 'only-left' || p.status === 'only-right' ? <span className={`compare-badge badge-${p.status}`}>{STATUS[p.status]}</span> : null}
      </header>
      {p.status === 'only-left' || p.status === 'only-right' ? (
        <div className="compare-grid">
          {p.status === 'only-left' ? <OneSide s={one} /> : <div className="compare-cell empty">—</div>}
          {p.status === 'only-right' ? <OneSide s={one} /> : null}
        </div>
      ) : (
        <>
          {p.userChanged ? (
            <div className="compare-part">
              <div className="compare-part-name">User’s message</div>
              <DiffBlock before={p.left!.user ?? ''} after={p.right!.user ?? ''} testId="compare-user-diff" />
            </div>
          ) : p.left!.user ? (
            <div className="compare-part muted compare-same-text">User: {p.left!.user}</div>
          ) : null}
          {p.textChanged ? (
            <div className="compare-part">
              <div className="compare-part-name">Model’s text</div>
              <DiffBlock before={p.left!.text} after={p.right!.text} testId="compare-text-diff" />
            </div>
          ) : p.left!.text ? (
            <div className="compare-part muted compare-same-text">{p.left!.text.slice(0, 300)}</div>
          ) : null}
          {p.calls.map((c, i) => (
            <CallRow key={i} c={c} />
          ))}
        </>
      )}
    </section>
  );
});

function OneSide({ s }: { s: NonNullable<StepPair['left']> }) {
  return (
    <div className="compare-cell">
      {s.user ? <div>User: {s.user}</div> : null}
      {s.text ? <div className="compare-same-text">{s.text.slice(0, 300)}</div> : null}
      {s.calls.map((c) => (
        <CallCell key={c.callId} c={c} />
      ))}
      {s.end ? <div className="muted">run ended: {s.end}</div> : null}
    </div>
  );
}

/** How many differing steps render at first (more on request): a first paint stays quick. */
const FIRST_STEPS = 40;

/**
 * Two sessions side by side, aligned by step: per-run totals, both lanes on one time axis, the
 * steps that are the same folded, and each differing step with text diffs, calls matched by tool
 * and arguments (same / changed / only left / only right) and results diffed; the first
 * divergence is marked and scrolled to.
 */
export function CompareView() {
  const view = useApp((s) => s.compare);
  const close = useApp((s) => s.closeCompare);
  const openTimelinePair = useApp((s) => s.openTimelinePair);
  const sessions = useApp((s) => s.sessions);
  const [limit, setLimit] = useState(FIRST_STEPS);
  const rows = useMemo(() => (view?.diff ? compareRows(view.diff) : []), [view?.diff]);
  useEffect(() => setLimit(FIRST_STEPS), [view?.left, view?.right]);
  useEffect(() => {
    if (view?.diff) document.getElementById('compare-first')?.scrollIntoView({ block: 'start' });
  }, [view?.diff]);
  if (!view) return null;
  const title = (id: string) => sessions.find((s) => s.id === id)?.title ?? id.slice(0, 8);
  const d = view.diff;
  let shown = 0;
  return (
    <div className="dialog-backdrop compare-backdrop" onKeyDown={(e) => e.key === 'Escape' && close()}>
      <div className="compare-view" role="dialog" aria-label="Compare sessions" data-testid="compare-view">
        <header className="compare-head">
          <h3>Compare</h3>
          <div className="compare-names">
            <span title={view.left}>A: {title(view.left)}</span>
            <span title={view.right}>B: {title(view.right)}</span>
          </div>
          {d ? (
            <button
              onClick={() => {
                const focusSeq = d.steps.find((p) => p.index === d.firstDivergence)?.right?.seq;
                close();
                openTimelinePair({ a: view.left, b: view.right, ...(focusSeq !== undefined ? { focusSeq } : {}) });
              }}
              data-testid="compare-open-timeline"
              title="Both sessions as lanes on one time axis in the Timeline pane"
            >
              Open in Timeline
            </button>
          ) : null}
          <button onClick={close} data-testid="compare-close" autoFocus>
            Close
          </button>
        </header>
        {view.error ? <div className="call-note" role="alert">{view.error}</div> : null}
        {!d && !view.error ? <div className="muted">Comparing…</div> : null}
        {d ? (
          <div className="compare-body">
            <div className="compare-summary" data-testid="compare-summary" elementtiming="compare-summary">
              {d.same ? 'The same: every step matches.' : `First divergence at step ${d.firstDivergence}: ${d.divergence}.`}
            </div>
            {d.forkChange ? (
              <div className="compare-fork-change" data-testid="compare-fork-change">
                <strong>{d.forkChange.fork === 'right' ? 'B' : 'A'} is a fork of {d.forkChange.fork === 'right' ? 'A' : 'B'}. What changed:</strong>
                <ul>
                  {d.forkChange.lines.map((l) => (
                    <li key={l}>{l}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <Totals diff={d} />
            <Lanes diff={d} />
            <div className="compare-steps">
              {rows.map((r) => {
                if (r.kind === 'same') {
                  return (
                    <div key={`s${r.from}`} className="compare-fold muted" data-testid="compare-same-fold">
                      {r.from === r.to ? `Step ${r.from} is the same.` : `Steps ${r.from}–${r.to} are the same.`}
                    </div>
                  );
                }
                if (++shown > limit) return null;
                return <StepRow key={r.pair.index} p={r.pair} first={r.pair.index === d.firstDivergence} />;
              })}
              {shown > limit ? (
                <button className="link-button" onClick={() => setLimit(limit + 200)}>
                  Show {Math.min(200, shown - limit)} more differing steps
                </button>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
