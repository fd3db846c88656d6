import type { EventBus } from '../events/event-bus';
import type { ToolCallRecord } from '../../../src-shared/events/event-types';
import { toResultRecord } from '../../../src-shared/events/tool-result';
import type { ToolCallOutcome, ToolRunner } from '../tools/tool-runner';
import type { PresetAnswer, ToolCallAgentOptions } from './run-options';

/** What running a step's calls needs from the agent. */
export interface CallBatchDeps {
  runner: ToolRunner;
  bus: EventBus;
  exposure?: ToolCallAgentOptions['exposure'];
}

/** Records a call answered without running it (start and end events, as the tool path would). */
export function presetOutcome(deps: CallBatchDeps, c: ToolCallRecord, preset: PresetAnswer): ToolCallOutcome {
  const bus = deps.bus;
  const parsed = (() => {
    try {
      return c.arguments.trim() ? (JSON.parse(c.arguments) as unknown) : {};
    } catch {
      return c.arguments;
    }
  })();
  const source = deps.runner.tools.get(c.name)?.source ?? preset.source ?? 'builtin';
  const marks = { answered: preset.how, ...(preset.from ? { recordedFrom: preset.from } : {}) };
  bus.emit({ type: 'tool_execution_start', callId: c.id, tool: c.name, args: parsed, source, ...marks });
  bus.emit({ type: 'tool_execution_end', callId: c.id, tool: c.name, result: toResultRecord(preset.result), durationMs: 0, ...marks });
  return { callId: c.id, result: preset.result, blocked: false, durationMs: 0 };
}

/**
 * Runs a step's calls in the order given, consecutive read-only ones concurrently; a call the
 * preset answers is recorded, not run. A call the run was stopped before stays undefined.
 */
export async function runCallBatches(
  deps: CallBatchDeps,
  calls: ToolCallRecord[],
  signal: AbortSignal,
  preset?: (c: ToolCallRecord) => PresetAnswer | null,
): Promise<(ToolCallOutcome | undefined)[]> {
  const runner = deps.runner;
  const outcomes: (ToolCallOutcome | undefined)[] = new Array(calls.length);
  const isReadOnly = (name: string): boolean => runner.tools.get(name)?.annotations?.readOnlyHint === true;
  // A deferred tool the model called without loading it first is loaded now: its schema goes
  // with the next request, as if it had been searched for.
  const exposure = deps.exposure;
  if (exposure) exposure.load(calls.map((c) => c.name).filter((n) => exposure.isDeferred(n)));
  let i = 0;
  while (i < calls.length) {
    if (signal.aborted) break;
    let j = i + 1;
    if (isReadOnly(calls[i].name)) while (j < calls.length && isReadOnly(calls[j].name)) j++;
    const batch = calls.slice(i, j);
    const results = await Promise.all(
      batch.map((c) => {
        const answer = preset?.(c);
        return answer ? presetOutcome(deps, c, answer) : runner.run({ callId: c.id, tool: c.name, args: c.arguments }, signal);
      }),
    );
    results.forEach((r, k) => (outcomes[i + k] = r));
    i = j;
  }
  return outcomes;
}
