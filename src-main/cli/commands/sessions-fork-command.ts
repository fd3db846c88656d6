import type { ApprovalMode } from '../../core/approvals/policy';
import { ModelChangeSchema, type ForkChange } from '../../../src-shared/contract/fork-views';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { loadConfig } from '../../core/config/config';
import { glassboxPaths } from '../../core/config/paths';
import { createFork } from '../../core/session/create-fork';
import { ForkError } from '../../core/fork/plan';
import { TerminalHumanInput } from '../terminal-human-input';
import { parseCliArgs, workspaceOf } from '../args';
import { EXIT, println, UsageError, type CliIO } from '../io';
import { progressLine, runIn } from './run-command';

const USAGE = `Usage: glassbox sessions fork ID --at SEQ [--message TEXT | --result TEXT [--error] | --args JSON
                              | [--model M] [--provider ID] [--temperature T] [--thinking V] | --system-prompt TEXT
                              | --instructions SERVER=TEXT]
                              [--recorded] [--live] [--json] [--workspace DIR] [--max-steps N] [--approve ask|auto|deny]

A new session from step SEQ of session ID (the seq of one of its events: a user message, a model
turn, a tool call, its result or an approval) with at most one thing changed, run on from there.
Nothing before SEQ runs again.
  --message TEXT       the user's message (SEQ is a user message)
  --result TEXT        the tool's result (SEQ is a call or its result); --error: it is an error
  --args JSON          the call's arguments; the call runs again with them
  --model M            another model from that step on
  --provider ID        another configured provider from that step on: default (the llm section)
                       or an id of llm.providers; its own model unless --model names one
  --temperature T      another temperature (0-2; Anthropic 0-1)
  --thinking V         another thinking setting: a token budget (8000), low, medium, high or off
                       (--model, --provider, --temperature and --thinking go together: one change)
  --system-prompt TEXT another system prompt from that step on
  --instructions SERVER=TEXT
                       other instructions from MCP server SERVER from that step on
  --recorded           answer later tool calls from the parent where tool and arguments match;
                       a call with no match runs live, under the approval policy
  --live               work in the workspace itself (default: a copy of its files as they were
                       at SEQ, restored from the checkpoints, in $GLASSBOX_HOME/state/forks/)
  --json               the fork's events as JSON Lines on stdout
Exit codes as run: 0 finished, 1 failed, 2 usage/config error or unknown session, 3 max steps.`;

const MODES: readonly ApprovalMode[] = ['ask', 'auto', 'deny'];

const MODEL_FLAGS = ['model', 'provider', 'temperature', 'thinking'] as const;

/** The model settings the flags ask for, checked by the same schema as the window's (ModelChangeSchema). */
function modelChangeOf(values: Record<string, string | boolean | undefined>): ForkChange {
  const raw: Record<string, unknown> = { what: 'model' };
  if (values.model !== undefined) raw.model = values.model;
  if (values.provider !== undefined) raw.provider = values.provider;
  if (values.temperature !== undefined) {
    const t = String(values.temperature).trim();
    raw.temperature = /^[0-9]*\.?[0-9]+$/.test(t) ? Number(t) : t;
  }
  if (values.thinking !== undefined) {
    const v = String(values.thinking).trim().toLowerCase();
    raw.thinking = /^\d+$/.test(v) ? Number(v) : v;
  }
  const parsed = ModelChangeSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const flag = typeof issue.path[0] === 'string' ? `--${issue.path[0]}: ` : '';
    throw new UsageError(`${flag}${issue.message}`);
  }
  return parsed.data;
}

/** The one change the flags ask for (at most one of them; the model's settings count as one). */
function changeOf(values: Record<string, string | boolean | undefined>): ForkChange {
  const given = (['message', 'result', 'args', 'model', 'system-prompt', 'instructions'] as const).filter((k) => (k === 'model' ? MODEL_FLAGS.some((m) => values[m] !== undefined) : values[k] !== undefined));
  if (given.length > 1) {
    const names = given.map((k) => (k === 'model' ? MODEL_FLAGS.filter((m) => values[m] !== undefined).map((m) => `--${m}`).join('/') : `--${k}`));
    throw new UsageError(`a fork changes one thing: got ${names.join(' and ')}`);
  }
  if (values.error && values.result === undefined) throw new UsageError('--error goes with --result');
  const v = (k: string): string => String(values[k]);
  switch (given[0]) {
    case 'message':
      if (!v('message').trim()) throw new UsageError('--message needs text');
      return { what: 'message', text: v('message') };
    case 'result':
      return { what: 'result', callId: '', result: values.error ? { output: null, error: v('result'), images: [], system: null } : { output: v('result'), error: null, images: [], system: null } };
    case 'args': {
      let args: unknown;
      try {
        args = JSON.parse(v('args'));
      } catch (err) {
        throw new UsageError(`--args is not valid JSON: ${(err as Error).message}`);
      }
      if (!args || typeof args !== 'object' || Array.isArray(args)) throw new UsageError('--args must be a JSON object');
      return { what: 'args', callId: '', args };
    }
    case 'model':
      return modelChangeOf(values);
    case 'system-prompt':
      return { what: 'systemPrompt', text: v('system-prompt') };
    case 'instructions': {
      const eq = v('instructions').indexOf('=');
      const server = eq > 0 ? v('instructions').slice(0, eq).trim() : '';
      if (!server) throw new UsageError('--instructions takes SERVER=TEXT (the MCP server id, then its instructions)');
      return { what: 'instructions', server, text: v('instructions').slice(eq + 1) };
    }
    default:
      return { what: 'none' };
  }
}

/** `glassbox sessions fork` (docs/cli.md). */
export async function forkSession(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCliArgs(
    {
      args: argv,
      options: {
        at: { type: 'string' },
        message: { type: 'string' },
        result: { type: 'string' },
        error: { type: 'boolean' },
        args: { type: 'string' },
        model: { type: 'string' },
        provider: { type: 'string' },
        temperature: { type: 'string' },
        thinking: { type: 'string' },
        'system-prompt': { type: 'string' },
        instructions: { type: 'string' },
        recorded: { type: 'boolean' },
        live: { type: 'boolean' },
        json: { type: 'boolean' },
        workspace: { type: 'string' },
        'max-steps': { type: 'string' },
        approve: { type: 'string' },
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
  const [id, extra] = positionals;
  if (!id || extra) throw new UsageError(`fork takes one session id\n\n${USAGE}`);
  const at = Number(values.at);
  if (values.at === undefined || !Number.isInteger(at) || at < 1) throw new UsageError(`--at needs the seq of a step (a positive integer)\n\n${USAGE}`);
  const change = changeOf(values);
  let maxSteps: number | undefined;
  if (values['max-steps'] !== undefined) {
    maxSteps = Number(values['max-steps']);
    if (!Number.isInteger(maxSteps) || maxSteps < 1) throw new UsageError(`--max-steps must be a positive integer (got '${values['max-steps']}')`);
  }
  if (values.approve !== undefined && !MODES.includes(values.approve as ApprovalMode)) throw new UsageError(`--approve must be one of ${MODES.join(', ')} (got '${values.approve}')`);
  const workspace = workspaceOf(values.workspace, io);
  const config = loadConfig(glassboxPaths(io.env), workspace).config;
  const approveMode = (values.approve as ApprovalMode | undefined) ?? config.approvals?.mode ?? 'ask';
  const json = values.json === true;
  const ports = io.stdin.isTTY ? new TerminalHumanInput({ stdin: io.stdin, stderr: io.stderr }) : undefined;
  const printer = (e: GlassboxEvent): void => {
    if (json) io.stdout.write(JSON.stringify(e) + '\n');
    else {
      const line = progressLine(e);
      if (line) println(io.stderr, line);
    }
  };
  let fork;
  try {
    fork = await createFork(
      { parent: id, at, change, ...(values.recorded ? { recorded: true } : {}), workspace: values.live ? 'live' : 'copy' },
      {
        workspace,
        env: io.env,
        humanInput: ports,
        approvalPort: ports,
        noApprovalPortReason: 'Approval was required but `glassbox sessions fork` is not attached to a terminal (stdin is not a TTY), so the call was denied.',
        approveMode,
        onEvent: printer,
      },
    );
  } catch (err) {
    if (err instanceof ForkError) throw new UsageError(err.message);
    throw err;
  }
  const where = fork.workspace.mode === 'live' ? `in ${fork.workspace.dir}` : `in a copy of the files${fork.workspace.checkpoint ? ` as they were at step ${at}` : ''}: ${fork.workspace.dir}`;
  const what = change.what === 'none' ? 'nothing changed' : change.what === 'model' ? `${MODEL_FLAGS.filter((k) => change[k] !== undefined).join(', ')} changed` : `${change.what} changed`;
  println(io.stderr, `glassbox sessions fork: ${fork.session.id} from ${id} at step ${at} (${fork.plan.kind}, ${what}${values.recorded ? ', recorded' : ''}) ${where}`);
  if (fork.workspace.warning) println(io.stderr, `glassbox sessions fork: warning: ${fork.workspace.warning}`);
  return runIn(fork.session, () => fork.run({ maxSteps }), { json }, io);
}
