import type { GlassboxEvent } from '../events/event-types';
import type { ToolResultRecord } from '../events/tool-result';
import type { ForkChange } from '../contract/fork-views';
import { forkChangeLines } from './fork-change-text';
import { sessionSteps, type SessionStep, type SessionTotals, type StepCall } from './session-steps';

/** How two calls (or two steps) compare. */
export type PairStatus = 'same' | 'changed' | 'only-left' | 'only-right';

/** Two calls of aligned steps, matched by tool and arguments. */
export interface CallPair {
  /** `same`: same tool and arguments; `changed`: same tool, other arguments. */
  status: PairStatus;
  left?: StepCall;
  right?: StepCall;
  /** Both sides have a result and they are equal (output, error, system, images). */
  resultEqual?: boolean;
}

/** One aligned step: the i-th model step of each session. */
export interface StepPair {
  index: number;
  /** `same`: message, text, calls and results all equal. */
  status: PairStatus;
  left?: SessionStep;
  right?: SessionStep;
  userChanged: boolean;
  textChanged: boolean;
  calls: CallPair[];
}

/** Two sessions side by side. */
export interface SessionDiff {
  left: { id: string; totals: SessionTotals };
  right: { id: string; totals: SessionTotals };
  steps: StepPair[];
  /** The 1-based index of the first step that differs; null when none does. */
  firstDivergence: number | null;
  /** What differs first, in words (for the CLI and the marker). */
  divergence?: string;
  same: boolean;
  /** When one session is a fork of the other: which, what its fork changed, and that in words (`temperature 1 → 0.2`). */
  forkChange?: { fork: 'left' | 'right'; changed: ForkChange; lines: string[] };
}

/** The change a session's own fork start recorded, when that fork was made from `parentId`. */
function ownForkChange(id: string, events: readonly GlassboxEvent[], parentId: string): ForkChange | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'agent_start' && e.session === id && e.parent !== undefined) return e.parent === parentId && e.changed ? e.changed : null;
  }
  return null;
}

/** The text of a result a comparison looks at (durations and UI metadata left out). */
export function resultCompareText(r: ToolResultRecord | null | undefined): string {
  if (!r) return '(no result)';
  const parts: string[] = [];
  if (r.output != null && r.output !== '') parts.push(r.output);
  if (r.error != null && r.error !== '') parts.push(`Error: ${r.error}`);
  if (r.system != null && r.system !== '') parts.push(`[system] ${r.system}`);
  for (const img of r.images ?? []) parts.push(`[image ${img.mimeType}, ${img.data.length} base64 chars, ${quickHash(img.data)}]`);
  return parts.join('\n');
}

/** A short, stable digest for comparing image data (not a security hash). */
function quickHash(s: string): string {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16);
}

/** Matches the calls of two aligned steps: same tool and arguments first, then same tool in order, then what is left. */
export function pairCalls(left: readonly StepCall[], right: readonly StepCall[]): CallPair[] {
  const usedR = new Set<number>();
  const pairOf = new Map<number, number>();
  left.forEach((l, i) => {
    const j = right.findIndex((r, k) => !usedR.has(k) && r.tool === l.tool && r.argsKey === l.argsKey);
    if (j >= 0) {
      usedR.add(j);
      pairOf.set(i, j);
    }
  });
  left.forEach((l, i) => {
    if (pairOf.has(i)) return;
    const j = right.findIndex((r, k) => !usedR.has(k) && r.tool === l.tool);
    if (j >= 0) {
      usedR.add(j);
      pairOf.set(i, j);
    }
  });
  const out: CallPair[] = [];
  left.forEach((l, i) => {
    const j = pairOf.get(i);
    if (j === undefined) {
      out.push({ status: 'only-left', left: l });
      return;
    }
    const r = right[j]!;
    const status: PairStatus = r.argsKey === l.argsKey ? 'same' : 'changed';
    out.push({ status, left: l, right: r, resultEqual: resultCompareText(l.result) === resultCompareText(r.result) });
  });
  right.forEach((r, k) => {
    if (!usedR.has(k)) out.push({ status: 'only-right', right: r });
  });
  return out;
}

function describe(p: StepPair): string {
  if (p.status === 'only-left') return `only the left session has step ${p.index}`;
  if (p.status === 'only-right') return `only the right session has step ${p.index}`;
  if (p.userChanged) return `the user's message differs`;
  const call = p.calls.find((c) => c.status !== 'same' || c.resultEqual === false);
  if (call?.status === 'changed') return `${call.left!.tool} was called with other arguments`;
  if (call?.status === 'only-left') return `only the left session calls ${call.left!.tool}`;
  if (call?.status === 'only-right') return `only the right session calls ${call.right!.tool}`;
  if (call) return `the result of ${call.left!.tool} (${call.left!.callId}) differs`;
  if (p.textChanged) return `the model's text differs`;
  return 'differs';
}

/**
 * Two sessions aligned step by step (the i-th model step of each: a fork shares its parent's
 * steps up to the fork point), with the first step that differs. Pure: the CLI, the bridge and
 * the window's compare view all use it.
 */
export function diffSessions(leftId: string, leftEvents: readonly GlassboxEvent[], rightId: string, rightEvents: readonly GlassboxEvent[]): SessionDiff {
  const l = sessionSteps(leftEvents);
  const r = sessionSteps(rightEvents);
  const n = Math.max(l.steps.length, r.steps.length);
  const steps: StepPair[] = [];
  let first: StepPair | null = null;
  for (let i = 0; i < n; i++) {
    const a = l.steps[i];
    const b = r.steps[i];
    let pair: StepPair;
    if (!a || !b) {
      pair = { index: i + 1, status: a ? 'only-left' : 'only-right', ...(a ? { left: a } : {}), ...(b ? { right: b } : {}), userChanged: false, textChanged: false, calls: [] };
    } else {
      const calls = pairCalls(a.calls, b.calls);
      const userChanged = (a.user ?? '') !== (b.user ?? '');
      const textChanged = a.text !== b.text;
      const callsSame = calls.every((c) => c.status === 'same' && c.resultEqual !== false);
      pair = { index: i + 1, status: !userChanged && !textChanged && callsSame ? 'same' : 'changed', left: a, right: b, userChanged, textChanged, calls };
    }
    if (!first && pair.status !== 'same') first = pair;
    steps.push(pair);
  }
  const rightChange = ownForkChange(rightId, rightEvents, leftId);
  const leftChange = rightChange ? null : ownForkChange(leftId, leftEvents, rightId);
  const changed = rightChange ?? leftChange;
  return {
    left: { id: leftId, totals: l.totals },
    right: { id: rightId, totals: r.totals },
    steps,
    firstDivergence: first?.index ?? null,
    ...(first ? { divergence: describe(first) } : {}),
    same: first === null,
    ...(changed ? { forkChange: { fork: rightChange ? ('right' as const) : ('left' as const), changed, lines: forkChangeLines(changed) } } : {}),
  };
}
