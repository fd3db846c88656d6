import type { ApprovalMode } from '../../core/approvals/policy';
import { parseCliArgs, workspaceOf } from '../args';
import { EXIT, println, UsageError, type CliIO } from '../io';

/** Usage of `glassbox mcp serve` (part of `glassbox mcp`'s help). */
export const SERVE_USAGE = `  glassbox mcp serve [--http] [--host 127.0.0.1] [--port N] [--token T] [--tools a,b] [--workspace DIR]
                    [--approve ask|auto|deny] [--session-idle SECONDS] [--max-sessions N]`;

const APPROVE_MODES: readonly ApprovalMode[] = ['ask', 'auto', 'deny'];

/**
 * When `glassbox mcp serve` stops: SIGINT, SIGTERM or `stop()` (stdin's end). Its shutdown (the
 * session's processes ended, its last spans sent) is not cut short by a signal that comes while
 * it runs: a client closing a stdio server ends its stdin, then sends SIGTERM when its grace
 * period is over (the SDK's is 2 s) and SIGKILL after another; a loaded machine's shutdown can
 * take longer than the first, and that SIGTERM killed it before its last spans left. A second Ctrl-C
 * still ends it at once. The handlers stay until the process exits: removed, a SIGTERM between
 * the end of the shutdown and the exit would kill it.
 */
function stopSignals(): { stopped: Promise<void>; stop: () => void } {
  let resolve!: () => void;
  const stopped = new Promise<void>((r) => (resolve = r));
  let stopping = false;
  const stop = (): void => {
    stopping = true;
    resolve();
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping && signal === 'SIGINT') process.exit(130);
    stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { stopped, stop };
}

function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--${name} must be a positive number, not '${value}'`);
  return n;
}

/**
 * `glassbox mcp serve`: Glassbox's tools, the workspace's files, recorded sessions and
 * prompts (plus what extensions contribute) as an MCP server, over stdio or Streamable HTTP,
 * for 2025-11-25 and 2026-07-28 clients alike.
 */
export async function mcpServe(argv: string[], io: CliIO, usage: string): Promise<number> {
  const { values } = parseCliArgs(
    {
      args: argv,
      options: {
        http: { type: 'boolean' },
        host: { type: 'string' },
        port: { type: 'string' },
        token: { type: 'string' },
        tools: { type: 'string' },
        approve: { type: 'string' },
        workspace: { type: 'string' },
        'session-idle': { type: 'string' },
        'max-sessions': { type: 'string' },
      },
      allowPositionals: false,
    },
    usage,
  );
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0-65535, not '${values.port}'`);
  if (!values.http && (values.host || values.port || values.token || values['session-idle'] || values['max-sessions'])) {
    throw new UsageError('--host, --port, --token, --session-idle and --max-sessions need --http');
  }
  const approve = values.approve;
  if (approve !== undefined && !APPROVE_MODES.includes(approve as ApprovalMode)) {
    throw new UsageError(`--approve must be one of ${APPROVE_MODES.join(', ')} (got '${approve}')`);
  }
  const idleSeconds = positiveInt('session-idle', values['session-idle']);
  const maxSessions = positiveInt('max-sessions', values['max-sessions']);
  if (maxSessions !== undefined && !Number.isInteger(maxSessions)) throw new UsageError(`--max-sessions must be a whole number, not '${values['max-sessions']}'`);
  const requested = values.tools
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const workspace = workspaceOf(values.workspace, io);
  // Loaded here so `mcp list` and `mcp import` do not pay for the session or the server SDK.
  const { startMcpServe } = await import('../../mcp-server/serve');
  const served = await startMcpServe({ workspace, env: io.env, requested, approveMode: approve as ApprovalMode | undefined });
  const signals = stopSignals();
  try {
    if (served.unknown.length) {
      throw new UsageError(`unknown tool(s) for --tools: ${served.unknown.join(', ')}. Available: ${served.available.join(', ') || '(none)'}`);
    }
    if (!served.tools.length) println(io.stderr, 'glassbox mcp serve: warning: no tools to serve');
    if (!values.http) {
      const stdio = await served.serveStdio(io.stdin as NodeJS.ReadStream, io.stdout as NodeJS.WriteStream);
      io.stdin.once('end', signals.stop);
      io.stdin.once('close', signals.stop);
      stdio.onclose(signals.stop);
      await signals.stopped;
      await stdio.close();
      return EXIT.OK;
    }
    const host = values.host ?? '127.0.0.1';
    const http = await served.serveHttp({ host, port, token: values.token, sessionIdleMs: idleSeconds && idleSeconds * 1000, maxSessions });
    if (http.warning) println(io.stderr, `glassbox mcp serve: warning: ${http.warning}`);
    println(io.stdout, `Glassbox MCP: ${http.url}`);
    if (!values.token) println(io.stderr, `Token: ${http.token}`);
    println(io.stderr, `Send it as "Authorization: Bearer <token>" (or append ?token=<token> to the URL). Serving: ${served.tools.join(', ')}`);
    await signals.stopped;
    await http.close();
    return EXIT.OK;
  } finally {
    await served.dispose();
  }
}
