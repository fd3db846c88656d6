import type { GlassboxSession } from '../../core/session/glassbox-session';
import type { SessionOptions } from '../../core/session/options';
import type { ToolConflict } from '../../core/tools/tool-collection';
import type { ToolAnnotations } from '../../core/tools/tool';
import { isErrorResult, resultToModelText, type ToolImage } from '../../../src-shared/events/tool-result';
import { parseCliArgs, runSubcommand, workspaceOf } from '../args';
import { readLargeArgument } from '../large-argument';
import { EXIT, println, UsageError, type CliIO } from '../io';
import { cliSignInOptions } from './mcp-login-command';
import { TerminalHumanInput } from '../terminal-human-input';

const USAGE = `Usage:
  glassbox tools list [--json] [--live] [--workspace DIR]
  glassbox tools call NAME [--args JSON | --args - | --args-file FILE] [--json] [--approve ask|auto|deny] [--workspace DIR]

list   every tool the agent would see (built-in, MCP, extension): name, source,
       description, input schema; deferred tools marked. MCP servers whose tools
       are cached are not started (their tools are marked cached); --live starts
       every server and lists what they offer now. Exit 0; 2 on a config error.
call   runs one tool through the same path the agent uses (validation, hooks,
       approvals, trace) and prints the text the model would see.
       Exit 0 ok; 1 the tool returned an error (or was blocked); 2 usage, unknown
       tool or bad --args JSON.`;

/** One entry of `tools list --json` (stable: scripts rely on it; docs/cli.md). */
export interface ToolListing {
  name: string;
  source: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations?: ToolAnnotations;
  /** True when the model is not sent this schema up front: it is named in `tool_search` and loaded on demand. */
  deferred?: boolean;
  /** True when its MCP server has not started: the tool comes from the server's cached listing. */
  cached?: boolean;
}

/** The object `tools call --json` prints (stable: scripts rely on it; docs/cli.md). */
export interface ToolCallReport {
  callId: string;
  tool: string;
  result: { output: string | null; error: string | null; images: ToolImage[]; system: string | null };
  blocked: boolean;
  durationMs: number;
}

type ApproveMode = NonNullable<SessionOptions['approveMode']>;
const APPROVE_MODES: readonly ApproveMode[] = ['ask', 'auto', 'deny'];

/** `glassbox tools list|call` (docs/cli.md). Usage and config problems throw (exit 2 in main). */
export async function toolsCommand(argv: string[], io: CliIO): Promise<number> {
  return runSubcommand(argv, io, USAGE, { list: listTools, call: callTool });
}

function describeConflict(c: ToolConflict): string {
  return `tool name clash: '${c.name}' from ${c.rejected} was not registered; ${c.kept} keeps the name`;
}

/**
 * Builds a session. The session module pulls in every SDK (LLM, MCP, parsers), so it is loaded
 * only once the arguments are known to be good: usage errors and --help answer at once.
 */
async function createSession(options: SessionOptions): Promise<GlassboxSession> {
  const { GlassboxSession: Session } = await import('../../core/session/glassbox-session');
  return Session.create(options);
}

/**
 * Problems that change which tools exist go to stderr (stdout stays the listing / result):
 * name clashes, and MCP servers that failed to start (their tools are missing).
 */
function warnProblems(session: GlassboxSession, io: CliIO): void {
  for (const c of session.tools.conflicts) println(io.stderr, `warning: ${describeConflict(c)}`);
  for (const s of session.mcp.servers()) {
    if (s.status === 'error') println(io.stderr, `warning: MCP server '${s.id}' is not available, so its tools are missing: ${s.lastError ?? 'failed'}`);
    if (s.status === 'needs-sign-in') println(io.stderr, `warning: MCP server '${s.id}' needs sign-in, so its tools are missing: ${s.lastError ?? `run \`glassbox mcp login ${s.id}\``}`);
  }
}

async function listTools(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCliArgs({
    args: argv,
    options: { json: { type: 'boolean' }, live: { type: 'boolean' }, workspace: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  }, USAGE);
  if (values.help) {
    println(io.stdout, USAGE);
    return EXIT.OK;
  }
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'\n\n${USAGE}`);
  // Servers whose tools are cached are not started (that is what made this take seconds); only
  // a server never listed before is started and waited for.
  const session = await createSession({
    workspace: workspaceOf(values.workspace, io),
    env: io.env,
    signIn: cliSignInOptions(io),
    ...(values.live ? { mcpCached: 'none' as const } : { mcpCached: 'all' as const }),
  });
  try {
    warnProblems(session, io);
    const { contextWindowOf } = await import('../../core/agent/context-breakdown');
    const model = session.modelInUse()?.model;
    const plan = session.exposure.plan(model ? contextWindowOf(model, session.config.agent?.contextWindowTokens) : null);
    const deferred = new Set(plan.deferred.map((d) => d.name));
    const listing: ToolListing[] = session.tools
      .list()
      .filter((t) => t.name !== 'tool_search' || deferred.size > 0)
      .map((t) => ({
        name: t.name,
        source: t.source ?? 'builtin',
        description: t.description,
        inputSchema: t.inputSchema,
        ...(t.annotations ? { annotations: t.annotations } : {}),
        ...(deferred.has(t.name) ? { deferred: true } : {}),
        ...((t as { fromCache?: boolean }).fromCache ? { cached: true } : {}),
      }));
    if (values.json) {
      println(io.stdout, JSON.stringify(listing, null, 2));
      return EXIT.OK;
    }
    println(io.stdout, formatListing(listing, session.tools.conflicts));
    for (const srv of session.mcp.servers()) {
      if (!srv.toolsFromCache) continue;
      const when = session.mcp.cachedAt(srv.id);
      println(io.stdout, `MCP server '${srv.id}' has not started: its tools are from its cached listing${when ? ` of ${new Date(when).toISOString().slice(0, 16).replace('T', ' ')} UTC` : ''}.`);
    }
    return EXIT.OK;
  } finally {
    await session.dispose();
  }
}

/** The human listing: one block per tool (name, source, first description line, parameters). */
export function formatListing(listing: ToolListing[], conflicts: readonly ToolConflict[]): string {
  if (listing.length === 0) return 'No tools.';
  const width = Math.max(...listing.map((t) => t.name.length));
  const sourceWidth = Math.max(...listing.map((t) => t.source.length)) + 2;
  const lines: string[] = [];
  for (const t of listing) {
    const summary = t.description.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
    const marks = [t.deferred ? 'deferred' : '', t.cached ? 'cached' : ''].filter(Boolean);
    lines.push(`${t.name.padEnd(width)}  ${`[${t.source}]`.padEnd(sourceWidth)}  ${marks.length ? `(${marks.join(', ')}) ` : ''}${summary}`);
    const props = (t.inputSchema.properties ?? {}) as Record<string, { type?: unknown }>;
    const required = new Set(Array.isArray(t.inputSchema.required) ? (t.inputSchema.required as string[]) : []);
    const params = Object.entries(props).map(([name, p]) => `${name}${required.has(name) ? '*' : ''}${p && typeof p.type === 'string' ? `: ${p.type}` : ''}`);
    if (params.length) lines.push(`${' '.repeat(width)}  args: ${params.join(', ')}`);
  }
  const deferred = listing.filter((t) => t.deferred).length;
  lines.push(
    '',
    `${listing.length} tool(s); * = required argument.` +
      (deferred ? ` ${deferred} deferred: named to the model in tool_search, their schemas sent once loaded.` : ''),
  );
  if (conflicts.length) {
    lines.push('', 'Name clashes (the first registered keeps the name):');
    for (const c of conflicts) lines.push(`  ${describeConflict(c)}`);
  }
  return lines.join('\n');
}

/** Parses `--args`: a JSON object, or exit 2 with the parse error. */
export function parseArgsJson(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--args is not valid JSON: ${(err as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError('--args must be a JSON object, e.g. --args \'{"command":"view","path":"/tmp"}\'');
  }
  return value as Record<string, unknown>;
}

async function callTool(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCliArgs({
    args: argv,
    options: {
      args: { type: 'string' },
      'args-file': { type: 'string' },
      json: { type: 'boolean' },
      approve: { type: 'string' },
      workspace: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  }, USAGE);
  if (values.help) {
    println(io.stdout, USAGE);
    return EXIT.OK;
  }
  const [name, ...extra] = positionals;
  if (!name) throw new UsageError(`missing tool NAME\n\n${USAGE}`);
  if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'\n\n${USAGE}`);
  const approve = values.approve;
  if (approve !== undefined && !APPROVE_MODES.includes(approve as ApproveMode)) {
    throw new UsageError(`--approve must be one of ${APPROVE_MODES.join(', ')} (got '${approve}')`);
  }
  const args = parseArgsJson(await readLargeArgument('args', values.args, values['args-file'], io));
  const terminal = new TerminalHumanInput({ stdin: io.stdin, stderr: io.stderr });
  const options: SessionOptions = {
    workspace: workspaceOf(values.workspace, io),
    env: io.env,
    signIn: cliSignInOptions(io),
    humanInput: terminal,
    // No sandbox could be had (no bwrap, failed self-test): the one-time warning goes to stderr.
    onEvent: (e) => {
      if (e.type === 'log' && e.source === 'sandbox') println(io.stderr, `warning: ${e.message}`);
    },
    // Approval prompts need someone at a terminal; otherwise `ask` denies with this reason.
    ...(io.stdin.isTTY ? { approvalPort: terminal } : {}),
    noApprovalPortReason:
      'Approval was required but `glassbox tools call` is not attached to a terminal (stdin is not a TTY), so the call was denied. ' +
      'Rerun with --approve auto, or add an allow rule (approvals.rules) to the config.',
    ...(approve ? { approveMode: approve as ApproveMode } : {}),
  };

  // Built-in and extension tools need no MCP servers; start them only when the tool is not
  // found without them. The session registers built-ins, then extensions, then MCP tools and
  // the first registration keeps a name, so a tool found here is the one the agent would get.
  let session = await createSession({ ...options, withMcp: false });
  if (!session.tools.has(name)) {
    await session.dispose();
    // A server whose tools are cached starts when its tool is called; one never listed is started now.
    session = await createSession({ ...options, mcpCached: 'all' });
  }
  const controller = new AbortController();
  const onSignal = (): void => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    warnProblems(session, io);
    if (!session.tools.has(name)) {
      const names = session.tools.names();
      throw new UsageError(`unknown tool '${name}'. Available tools: ${names.length ? names.join(', ') : '(none)'}`);
    }
    const outcome = await session.runner.run({ tool: name, args }, controller.signal);
    const failed = outcome.blocked || isErrorResult(outcome.result);
    if (values.json) {
      const r = outcome.result;
      const report: ToolCallReport = {
        callId: outcome.callId,
        tool: name,
        // metadata (e.g. whole files for the diff pane) stays out: this output is for scripts.
        result: { output: r.output ?? null, error: r.error ?? null, images: r.images ?? [], system: r.system ?? null },
        blocked: outcome.blocked,
        durationMs: outcome.durationMs,
      };
      // Secrets (API keys, MCP sign-in tokens) are hidden here as in every other output.
      println(io.stdout, JSON.stringify(session.redactor.redactValue(report), null, 2));
    } else {
      const text = session.redactor.redact(resultToModelText(outcome.result));
      io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    }
    return failed ? EXIT.FAILED : EXIT.OK;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await session.dispose();
  }
}
