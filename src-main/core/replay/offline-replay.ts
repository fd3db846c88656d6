import type { GlassboxEvent, ToolCallRecord } from '../../../src-shared/events/event-types';
import { canonicalArgs } from '../../../src-shared/read-models/canonical-args';
import { sessionSteps, type SessionStep } from '../../../src-shared/read-models/session-steps';
import type { LlmProvider } from '../llm/llm-types';
import type { FunctionToolParam } from '../tools/tool';
import { conversationFromEvents } from '../session/conversation-from-events';

/** A model turn as a comparison shows it: its text and its calls (tool and arguments). */
export interface TurnShape {
  text: string;
  calls: { tool: string; args: unknown }[];
}

/** One recorded step asked again. */
export interface OfflineStepOutcome {
  /** 1-based step of the recording. */
  step: number;
  /** The seq of its turn_start in the recording. */
  seq: number;
  /** `follows`: the same calls (tool and arguments) in the same order, or both ended without one. */
  status: 'follows' | 'diverges' | 'error';
  recorded: TurnShape;
  got?: TurnShape;
  /** The text differs (not a divergence on its own: models word things differently). */
  textDiffers?: boolean;
  /** What differs, or the model's error. */
  why?: string;
}

/** What an offline replay found. */
export interface OfflineReplayReport {
  steps: number;
  followed: number;
  outcomes: OfflineStepOutcome[];
  /** The first step that did not follow (absent: it followed the recording to the end). */
  divergence?: OfflineStepOutcome;
}

function parseArgs(raw: string): unknown {
  try {
    return raw.trim() ? JSON.parse(raw) : {};
  } catch {
    return raw;
  }
}

function recordedShape(s: SessionStep): TurnShape {
  return { text: s.text, calls: s.calls.map((c) => ({ tool: c.tool, args: c.args })) };
}

function gotShape(text: string, calls: ToolCallRecord[]): TurnShape {
  return { text, calls: calls.map((c) => ({ tool: c.name, args: parseArgs(c.arguments) })) };
}

/** Why two turns differ in what they do (null: they do the same). */
function divergence(rec: TurnShape, got: TurnShape): string | null {
  const n = Math.max(rec.calls.length, got.calls.length);
  for (let i = 0; i < n; i++) {
    const a = rec.calls[i];
    const b = got.calls[i];
    if (!a) return `the model made an extra call: ${b!.tool} ${canonicalArgs(b!.args)}`;
    if (!b) return rec.calls.length && !got.calls.length ? `the model answered instead of calling ${a.tool}` : `the model did not call ${a.tool} ${canonicalArgs(a.args)}`;
    if (a.tool !== b.tool) return `the model called ${b.tool} instead of ${a.tool}`;
    if (canonicalArgs(a.args) !== canonicalArgs(b.args)) return `the model called ${a.tool} with ${canonicalArgs(b.args)} instead of ${canonicalArgs(a.args)}`;
  }
  return null;
}

/**
 * Re-runs a recording's model turns against `provider` with every tool answered from the
 * recording: for each recorded step, the model gets the conversation exactly as recorded up to
 * that step (so nothing runs, and a step is judged on its own) and must make the same calls —
 * same tools, same arguments, same order — or end where the recording ended. Stops at the first
 * step that does not follow (`all` goes on and reports every step).
 */
export async function replayOffline(
  events: readonly GlassboxEvent[],
  deps: { provider: LlmProvider; system: () => string; tools: FunctionToolParam[]; signal?: AbortSignal; all?: boolean; onStep?: (o: OfflineStepOutcome) => void },
): Promise<OfflineReplayReport> {
  const { steps } = sessionSteps(events);
  const known = new Set(deps.tools.map((t) => t.function.name));
  const tools = [...deps.tools];
  // A recorded tool that is not here now (an MCP server not running): the model still sees its name.
  for (const s of steps) {
    for (const c of s.calls) {
      if (known.has(c.tool)) continue;
      known.add(c.tool);
      tools.push({ type: 'function', function: { name: c.tool, description: `${c.tool} (recorded; not available now)`, parameters: { type: 'object' } } });
    }
  }
  const sorted = [...events].sort((a, b) => a.seq - b.seq);
  const outcomes: OfflineStepOutcome[] = [];
  let divergenceAt: OfflineStepOutcome | undefined;
  let cursor = 0;
  const before: GlassboxEvent[] = [];
  for (const s of steps) {
    if (deps.signal?.aborted) break;
    while (cursor < sorted.length && sorted[cursor]!.seq < s.seq) before.push(sorted[cursor++]!);
    const recorded = recordedShape(s);
    let outcome: OfflineStepOutcome;
    try {
      const turn = await deps.provider.complete({ system: deps.system(), messages: conversationFromEvents(before), tools, ...(deps.signal ? { signal: deps.signal } : {}) });
      const got = gotShape(turn.text, turn.toolCalls);
      const why = divergence(recorded, got);
      outcome = { step: s.index, seq: s.seq, status: why ? 'diverges' : 'follows', recorded, got, ...(got.text !== recorded.text ? { textDiffers: true } : {}), ...(why ? { why } : {}) };
    } catch (err) {
      outcome = { step: s.index, seq: s.seq, status: 'error', recorded, why: err instanceof Error ? err.message : String(err) };
    }
    outcomes.push(outcome);
    deps.onStep?.(outcome);
    if (outcome.status !== 'follows') {
      divergenceAt ??= outcome;
      if (!deps.all) break;
    }
  }
  return { steps: steps.length, followed: outcomes.filter((o) => o.status === 'follows').length, outcomes, ...(divergenceAt ? { divergence: divergenceAt } : {}) };
}
