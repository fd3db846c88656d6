import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { replayOffline, type OfflineStepOutcome, type TurnShape } from '../../core/replay/offline-replay';
import { GlassboxSession } from '../../core/session/glassbox-session';
import { EXIT, println, UsageError, type CliIO } from '../io';

function shape(t: TurnShape): string {
  if (!t.calls.length) return `answered “${t.text.replace(/\s+/g, ' ').slice(0, 120)}”`;
  return t.calls.map((c) => `${c.tool} ${JSON.stringify(c.args)}`.slice(0, 200)).join('; ');
}

function line(o: OfflineStepOutcome): string {
  if (o.status === 'follows') return `step ${o.step} (seq ${o.seq}): follows${o.textDiffers ? ' (other wording)' : ''}`;
  if (o.status === 'error') return `step ${o.step} (seq ${o.seq}): the model failed: ${o.why}`;
  return `step ${o.step} (seq ${o.seq}): DIVERGES — ${o.why}\n  recorded: ${shape(o.recorded)}\n  now:      ${shape(o.got!)}`;
}

/**
 * `glassbox replay FILE --offline` (docs/cli.md): the recording's model turns asked again of the
 * configured model (or `--model`), every tool answered from the recording; 0 when it follows the
 * recording to the end, 1 at the first step where it does not.
 */
export async function replayOfflineCommand(events: GlassboxEvent[], opts: { workspace: string; model?: string; json: boolean; all: boolean }, io: CliIO): Promise<number> {
  // Nothing runs: no MCP servers, no extensions, no file; the built-in tools give the model their schemas.
  const session = await GlassboxSession.create({ workspace: opts.workspace, env: io.env, record: false, withMcp: false, withExtensions: false });
  const ctrl = new AbortController();
  const onSignal = (): void => ctrl.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  try {
    if (opts.model !== undefined) {
      try {
        session.setModel(opts.model);
      } catch (err) {
        throw new UsageError(`--model: ${(err as Error).message}`);
      }
    }
    const provider = session.llm();
    const report = await replayOffline(events, {
      provider,
      system: () => session.agent.systemText(),
      tools: session.runner.tools.toParams(),
      signal: ctrl.signal,
      all: opts.all,
      onStep: (o) => {
        if (!opts.json) println(io.stderr, session.redactor.redact(line(o)));
      },
    });
    if (opts.json) io.stdout.write(session.redactor.redact(JSON.stringify({ model: provider.model, ...report })) + '\n');
    else if (report.divergence) {
      const d = report.divergence;
      println(io.stdout, session.redactor.redact(`diverges at step ${d.step} (seq ${d.seq}): ${d.why}`));
    } else println(io.stdout, `follows the recording: ${report.followed} of ${report.steps} step(s) with ${provider.model}`);
    return report.divergence || ctrl.signal.aborted ? EXIT.FAILED : EXIT.OK;
  } finally {
    process.removeListener('SIGINT', onSignal);
    await session.dispose();
  }
}
