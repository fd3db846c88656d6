import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { recordedCalls, replaySession } from '../../core/replay/engine';
import { GlassboxSession } from '../../core/session/glassbox-session';
import { readSessionFile } from '../../core/session/session-file';
import { TerminalHumanInput } from '../terminal-human-input';
import { replayOfflineCommand } from './replay-offline-command';
import { parseCliArgs } from '../args';
import { readLargeArgument } from '../large-argument';
import { EXIT, println, UsageError, type CliIO } from '../io';

const USAGE = `Usage: glassbox replay FILE.jsonl [--call ID] [--args JSON | --args - | --args-file FILE] [--json] [--workspace DIR]
       glassbox replay FILE.jsonl --offline [--model M] [--all] [--json]

Re-executes the tool calls recorded in a session file (all, or one with --call, optionally with
edited --args) through the same path the agent uses, and reports per call whether the new
result equals the recorded one, with a diff when not.
  --workspace DIR   where to run (default: the current directory; never the one the file names)
Every replayed call goes through the approval policy as in ask mode: what is not read-only asks
(showing the decision recorded for it), a call that was denied asks again, and without a
terminal to ask on such calls are denied.
--offline asks the configured model (or --model M) each recorded model turn again, with the
conversation as recorded up to it (every tool answered from the recording: nothing runs), and
reports the first step where it does not make the same calls (--all: every step).
Exit codes: 0 all equal (offline: follows the recording), 1 some differ or failed (offline:
diverges), 2 usage.`;

/** `glassbox replay` (docs/cli.md). */
export async function replayCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCliArgs(
    {
      args: argv,
      options: {
        call: { type: 'string' },
        args: { type: 'string' },
        'args-file': { type: 'string' },
        json: { type: 'boolean' },
        workspace: { type: 'string' },
        offline: { type: 'boolean' },
        model: { type: 'string' },
        all: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
    },
    USAGE,
  );
  if (values.help) {
    println(io.stdout, USAGE);
    return EXIT.OK;
  }
  if (positionals.length !== 1) throw new UsageError(`expected one session FILE\n\n${USAGE}`);
  const file = resolve(io.cwd, positionals[0]);
  if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`no such session file: ${file}`);
  if (!values.offline && (values.model !== undefined || values.all)) throw new UsageError('--model and --all go with --offline');
  if (values.offline && (values.call !== undefined || values.args !== undefined || values['args-file'] !== undefined)) {
    throw new UsageError('--offline replays the model turns: --call and --args are for re-running tool calls');
  }
  const argsText = await readLargeArgument('args', values.args, values['args-file'], io);
  if (argsText !== undefined && values.call === undefined) throw new UsageError('--args needs --call ID (which call to run with them)');
  let args: unknown;
  if (argsText !== undefined) {
    try {
      args = JSON.parse(argsText);
    } catch (err) {
      throw new UsageError(`--args is not valid JSON: ${(err as Error).message}`);
    }
    if (!args || typeof args !== 'object' || Array.isArray(args)) throw new UsageError('--args must be a JSON object');
  }

  const { events, warnings } = readSessionFile(file);
  for (const w of warnings) println(io.stderr, `glassbox replay: warning: ${w}`);
  if (values.offline) {
    const workspace = values.workspace ? resolve(io.cwd, values.workspace) : io.cwd;
    return replayOfflineCommand(events, { workspace, ...(values.model !== undefined ? { model: values.model } : {}), json: values.json === true, all: values.all === true }, io);
  }
  const calls = recordedCalls(events);
  if (values.call !== undefined && !calls.some((c) => c.callId === values.call)) {
    throw new UsageError(`no recorded call '${values.call}' in ${file} (recorded: ${calls.map((c) => c.callId).join(', ') || 'none'})`);
  }
  // The workspace is the user's choice, never the file's: a crafted file could name `/`.
  const workspace = values.workspace ? resolve(io.cwd, values.workspace) : io.cwd;
  if (!existsSync(workspace) || !statSync(workspace).isDirectory()) throw new UsageError(`no such workspace directory: ${workspace}`);

  const ports = io.stdin.isTTY ? new TerminalHumanInput({ stdin: io.stdin, stderr: io.stderr }) : undefined;
  const session = await GlassboxSession.create({
    workspace,
    env: io.env,
    // The user's configured mode (deny stays deny); replays are judged as in ask whatever it is.
    defaultApproveMode: 'ask',
    approvalPort: ports,
    humanInput: ports,
    noApprovalPortReason: 'Approval was required but `glassbox replay` is not attached to a terminal, so the call was denied.',
  });
  const ctrl = new AbortController();
  const onSignal = (): void => ctrl.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const outcomes = await replaySession(session, events, { callId: values.call, args, signal: ctrl.signal });
    let differ = 0;
    for (const o of outcomes) {
      if (!o.equal) differ++;
      if (values.json) {
        io.stdout.write(session.redactor.redact(JSON.stringify(o)) + '\n');
        continue;
      }
      println(io.stdout, `${o.equal ? 'equal  ' : 'DIFFERS'} ${o.replayOf} ${o.tool} ${JSON.stringify(o.args)}`);
      if (!o.equal) io.stdout.write(o.diff.endsWith('\n') ? o.diff : `${o.diff}\n`);
    }
    if (!values.json) {
      println(io.stderr, `glassbox replay: ${outcomes.length} call(s) replayed in ${workspace}: ${outcomes.length - differ} equal, ${differ} differ`);
    }
    return differ === 0 && !ctrl.signal.aborted ? EXIT.OK : EXIT.FAILED;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await session.dispose();
  }
}
