import { resolve } from 'node:path';
import type { ApprovalMode } from '../../core/approvals/policy';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { addUsage, emptyTotals, formatUsage } from '../../../src-shared/events/model-usage';
import { GlassboxSession } from '../../core/session/glassbox-session';
import type { AgentRunResult } from '../../core/agent/run-options';
import { SessionStore } from '../../core/session/store';
import { isValidSessionId } from '../../core/config/paths';
import { loadConfig } from '../../core/config/config';
import { glassboxPaths } from '../../core/config/paths';
import { TerminalHumanInput } from '../terminal-human-input';
import { parseCliArgs } from '../args';
import { readLargeArgument } from '../large-argument';
import { EXIT, println, UsageError, type CliIO } from '../io';
import { cliSignInOptions } from './mcp-login-command';
import type { TelemetryStatus } from '../../core/telemetry/session-telemetry';

const USAGE = `Usage: glassbox run "TASK" | - | --task-file FILE | --args-file FILE | --args - [--workspace DIR] [--max-steps N] [--max-usd N] [--approve ask|auto|deny] [--json] [--session ID]

Runs the agent on one task, headless. A long task: \`-\` (or --args -) reads it from stdin,
--task-file FILE (or --args-file FILE) from a file (one command-line argument cannot pass 128 KiB).
  --workspace DIR   where the agent works (default: the current directory)
  --max-steps N     stop after N model turns (default 30, or config agent.maxSteps); exit 3
  --max-usd N       stop before the model request that would take this session past N US
                    dollars (over config limits.sessionUsd; limits.dailyUsd applies too); exit 4
  --approve MODE    ask (prompt on a terminal; denied when stdin is not a TTY), auto, deny
  --json            every event as JSON Lines on stdout (one object per line)
  --session ID      continue a saved session ($GLASSBOX_HOME/sessions/ID.jsonl)
Exit codes: 0 finished, 1 failed or cancelled, 2 usage/config error, 3 max steps reached, 4 budget reached.`;

const MODES: readonly ApprovalMode[] = ['ask', 'auto', 'deny'];

function oneLine(text: string, max = 160): string {
  const s = text.replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** Human-readable progress for one event, or null to print nothing. */
export function progressLine(e: GlassboxEvent): string | null {
  switch (e.type) {
    case 'turn_start':
      return `── step ${e.step}`;
    case 'message_end': {
      if (e.role !== 'assistant') return null;
      // The model's reasoning first, on one line; the answer itself goes to stdout at the end.
      const lines = e.thinking?.trim() ? [`  (thinking) ${oneLine(e.thinking, 400)}`] : [];
      if (e.toolCalls?.length && e.content.trim()) lines.push(`  ${oneLine(e.content, 400)}`);
      return lines.length ? lines.join('\n') : null;
    }
    case 'tool_execution_start':
      return `→ ${e.tool} ${oneLine(typeof e.args === 'string' ? e.args : JSON.stringify(e.args) ?? '')}`;
    case 'tool_execution_end': {
      const r = e.result;
      if (e.blocked) return `← ${e.tool} blocked: ${oneLine(r.output ?? '')}`;
      // The tool's own run time; the approval wait apart.
      const took = `${e.durationMs} ms${e.waitMs !== undefined ? `, waited ${e.waitMs} ms for approval` : ''}`;
      if (r.error) return `← ${e.tool} error (${took}): ${oneLine(r.error)}`;
      return `← ${e.tool} ok (${took})${r.output ? `: ${oneLine(r.output)}` : ''}`;
    }
    case 'approval_resolved':
      return e.by === 'no-port' ? null : `  approval ${e.decision} (${e.by})`;
    case 'model_response':
      return e.usage ? `  model ${e.model ?? ''}: ${formatUsage(addUsage(emptyTotals(), e.usage))} (first token ${e.usage.ttftMs} ms, ${e.usage.durationMs} ms)` : null;
    case 'compaction_end':
      return `  context compacted: ~${e.before} → ~${e.after} tokens`;
    case 'log':
      return e.level === 'warn' || e.level === 'error' ? `! ${e.source}: ${e.message}` : null;
    case 'model_retry':
      return `! model request failed (${e.error}); retrying (${e.attempt}/${e.maxRetries}) in ${(e.delayMs / 1000).toFixed(1)} s`;
    case 'mcp_server_status':
      return e.status === 'needs-sign-in' ? `! mcp ${e.server}: ${e.error ?? `needs sign-in: run \`glassbox mcp login ${e.server}\``}` : null;
    default:
      return null;
  }
}

/** What the export did, for stderr after the run: the trace, its link, and spans dropped or failed. */
function traceLine(s: TelemetryStatus): string {
  const lost = s.counts.dropped || s.counts.failed ? `; ${s.counts.dropped} dropped (queue full), ${s.counts.failed} failed to send` : '';
  return `glassbox run: trace ${s.traceId}${s.traceUrl ? ` ${s.traceUrl}` : ''} (${s.counts.exported} span(s) exported to ${s.endpoint}${lost})`;
}

/** `glassbox run` (docs/cli.md): one headless agent run. */
export async function runCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCliArgs(
    {
      args: argv,
      options: {
        workspace: { type: 'string' },
        'max-steps': { type: 'string' },
        'max-usd': { type: 'string' },
        approve: { type: 'string' },
        json: { type: 'boolean' },
        session: { type: 'string' },
        'task-file': { type: 'string' },
        // The names `tools call` and `replay` use for large arguments; for `run` the argument is the task.
        args: { type: 'string' },
        'args-file': { type: 'string' },
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
  const given = positionals.join(' ').trim();
  const sources = [given ? 'TASK' : '', values.args !== undefined ? '--args' : '', values['task-file'] !== undefined ? '--task-file' : '', values['args-file'] !== undefined ? '--args-file' : ''].filter(Boolean);
  if (sources.length > 1) throw new UsageError(`give the task once: ${sources.join(' and ')} were both given`);
  const inline = given || values.args;
  const file = values['task-file'] ?? values['args-file'];
  const task = ((await readLargeArgument(values['args-file'] !== undefined ? 'args' : 'task', inline, file, io)) ?? '').trim();
  if (!task) throw new UsageError(`missing TASK\n\n${USAGE}`);
  let maxSteps: number | undefined;
  if (values['max-steps'] !== undefined) {
    maxSteps = Number(values['max-steps']);
    if (!Number.isInteger(maxSteps) || maxSteps < 1) throw new UsageError(`--max-steps must be a positive integer (got '${values['max-steps']}')`);
  }
  let maxUsd: number | undefined;
  if (values['max-usd'] !== undefined) {
    maxUsd = Number(values['max-usd'].trim().replace(/^\$/, ''));
    if (!values['max-usd'].trim() || !Number.isFinite(maxUsd) || maxUsd <= 0) throw new UsageError(`--max-usd must be a positive number of US dollars (got '${values['max-usd']}')`);
  }
  if (values.approve !== undefined && !MODES.includes(values.approve as ApprovalMode)) {
    throw new UsageError(`--approve must be one of ${MODES.join(', ')} (got '${values.approve}')`);
  }
  if (values.session !== undefined) {
    if (!isValidSessionId(values.session)) throw new UsageError(`invalid session id '${values.session}'`);
    const store = new SessionStore(glassboxPaths(io.env).sessions);
    if (!store.exists(values.session)) throw new UsageError(`no saved session '${values.session}' in ${store.dir}`);
  }

  const tty = io.stdin.isTTY === true;
  const ports = tty ? new TerminalHumanInput({ stdin: io.stdin, stderr: io.stderr }) : undefined;
  const workspace = resolve(io.cwd, values.workspace ?? '.');
  // run always applies the approval policy: the flag, else config approvals.mode, else ask.
  const config = loadConfig(glassboxPaths(io.env), workspace).config;
  const approveMode = (values.approve as ApprovalMode | undefined) ?? config.approvals?.mode ?? 'ask';
  const json = values.json === true;
  // Subscribed before the session is built, so --json shows every event from seq 1. The session
  // hands it its events with secrets already hidden (the same redacted copy the file gets).
  const printer = (e: GlassboxEvent): void => {
    if (json) {
      io.stdout.write(JSON.stringify(e) + '\n');
      // No sandbox could be had: say so where a person sees it, not only in the event stream.
      if (e.type === 'log' && e.source === 'sandbox') println(io.stderr, `warning: ${e.message}`);
    } else {
      const line = progressLine(e);
      if (line) println(io.stderr, line);
    }
    if (e.type === 'approval_resolved' && e.by === 'no-port') {
      println(io.stderr, `glassbox run: approval needed for ${e.callId}; denied because stdin is not a TTY (use --approve auto or an allow rule)`);
    }
  };
  const session = await GlassboxSession.create({
    workspace,
    env: io.env,
    signIn: cliSignInOptions(io),
    ...(values.session ? { sessionId: values.session } : {}),
    humanInput: ports,
    approvalPort: ports,
    noApprovalPortReason:
      'Approval was required but `glassbox run` is not attached to a terminal (stdin is not a TTY), so the call was denied. ' +
      'The user can rerun with --approve auto or add an allow rule (approvals.rules) to the config.',
    approveMode,
    ...(maxUsd !== undefined ? { maxUsd } : {}),
    onEvent: (e) => printer(e),
    // A CI job's trace contains the run (W3C trace context in the environment).
    // (Checked by the session: a malformed one is ignored, and the run starts a trace of its own.)
    ...(io.env.TRACEPARENT?.trim() ? { parentTrace: { traceparent: io.env.TRACEPARENT.trim(), ...(io.env.TRACESTATE ? { tracestate: io.env.TRACESTATE } : {}), ...(io.env.BAGGAGE ? { baggage: io.env.BAGGAGE } : {}) } } : {}),
  });
  return runIn(session, () => session.send(task, { maxSteps }), { json }, io);
}

/** Runs `start` in `session` with Ctrl-C cancelling it, prints the outcome and returns the exit code (shared with `sessions fork`). */
export async function runIn(session: GlassboxSession, start: () => Promise<AgentRunResult>, opts: { json: boolean }, io: CliIO): Promise<number> {
  for (const w of session.loadWarnings) println(io.stderr, `glassbox run: warning: ${w}`);
  let interrupts = 0;
  const onSignal = (): void => {
    interrupts++;
    if (interrupts > 1) process.exit(130);
    println(io.stderr, 'glassbox run: cancelling… (press Ctrl-C again to quit at once)');
    void session.cancel();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const result = await start();
    if (!opts.json) {
      if (result.finalText) io.stdout.write(result.finalText.endsWith('\n') ? result.finalText : `${result.finalText}\n`);
      const how =
        result.reason === 'finished'
          ? 'finished'
          : result.reason === 'max_steps'
            ? `stopped: reached max steps (${result.steps})`
            : result.reason === 'cancelled'
              ? 'cancelled'
              : result.reason === 'budget'
                ? `stopped: ${result.error ?? 'budget reached'}`
                : `failed: ${result.error}`;
      println(io.stderr, `glassbox run: ${how} after ${result.steps} step(s) · ${formatUsage(result.usage)}. Session ${session.id} (continue with --session ${session.id})`);
    } else if (result.reason === 'error' || result.reason === 'budget') {
      println(io.stderr, `glassbox run: ${result.error}`);
    }
    if (result.reason === 'finished' && result.terminateStatus === 'failure') {
      // The model ended the run saying it could not do the task: a failure for scripts.
      println(io.stderr, 'glassbox run: the agent ended with terminate status "failure"');
      return EXIT.FAILED;
    }
    if (result.reason === 'budget') return EXIT.BUDGET;
    return result.reason === 'finished' ? EXIT.OK : result.reason === 'max_steps' ? EXIT.MAX_STEPS : EXIT.FAILED;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await session.dispose();
    if (session.telemetry.exporting) println(io.stderr, traceLine(session.telemetry.status()));
  }
}
