import { loadConfig } from '../../core/config/config';
import { glassboxPaths } from '../../core/config/paths';
import type { DoctorReport } from '../../../src-shared/contract/doctor-views';
import { parseCliArgs, workspaceOf } from '../args';
import { EXIT, println, UsageError, type CliIO } from '../io';
import { visibleText } from '../../../src-shared/text/visible-text';
import { cliSignIn } from './mcp-login-command';
import { parseArgsJson } from './tools-command';

/** Usage line of `mcp doctor`. */
export const DOCTOR_USAGE = `  glassbox mcp doctor ID [--json] [--call TOOL [--args JSON]] [--workspace DIR]`;

/** Help of `mcp doctor`. */
export const DOCTOR_HELP = `doctor  walks one server through its checks in order and stops at the first that
        fails, with what it saw and what to do: the config entry; the command is found
        and starts (its stderr); for a URL DNS, TCP, TLS, the HTTP status and
        Content-Type, OAuth discovery and the sign-in; the handshake (protocol era,
        capabilities); tools/resources/prompts lists; every tool's schema; --call TOOL
        calls one. Exit 0 healthy; 1 a check failed; 2 unknown server.`;

const MARK = { ok: '✓', failed: '✗', skipped: '–' } as const;

/** The human report: one line per check, then what was seen and what to do for a failure. */
export function formatDoctorReport(r: DoctorReport): string {
  const lines = [`Doctor for MCP server '${r.server}' (${r.transport}):`];
  for (const c of r.checks) {
    lines.push(`${MARK[c.status]} ${c.step.padEnd(9)} ${visibleText(c.title)}`);
    for (const l of visibleText(c.saw).split('\n')) lines.push(`              ${l}`);
    if (c.fix) lines.push(`  what to do: ${visibleText(c.fix)}`);
  }
  lines.push(r.healthy ? 'Healthy.' : `Failed at '${r.failedStep}'.`);
  return lines.join('\n');
}

/** `glassbox mcp doctor ID`. */
export async function mcpDoctor(argv: string[], io: CliIO, usage: string): Promise<number> {
  const { values, positionals } = parseCliArgs({ args: argv, options: { json: { type: 'boolean' }, call: { type: 'string' }, args: { type: 'string' }, workspace: { type: 'string' } }, allowPositionals: true }, usage);
  if (positionals.length !== 1) throw new UsageError(`mcp doctor needs exactly one server ID\n\n${usage}`);
  if (values.args !== undefined && !values.call) throw new UsageError('--args goes with --call TOOL');
  const id = positionals[0]!;
  const paths = glassboxPaths(io.env);
  const workspace = workspaceOf(values.workspace, io);
  const { config, userPath } = loadConfig(paths, workspace);
  const entry = config.mcpServers?.[id];
  if (!entry || typeof entry !== 'object') {
    const known = Object.keys(config.mcpServers ?? {});
    throw new UsageError(`no MCP server '${id}' is configured${known.length ? ` (configured: ${known.join(', ')})` : ''}`);
  }
  const signIn = cliSignIn(io, paths, false);
  const { runDoctor } = await import('../../core/mcp/client/doctor/run-doctor');
  const report = await runDoctor(id, entry, {
    workspace,
    env: io.env,
    configPath: userPath,
    auth: signIn.factory,
    signedIn: () => signIn.status(id, entry).signedIn,
    ...(values.call ? { call: { tool: values.call, args: parseArgsJson(values.args) } } : {}),
  });
  println(io.stdout, values.json ? JSON.stringify(report, null, 2) : formatDoctorReport(report));
  return report.healthy ? EXIT.OK : EXIT.FAILED;
}
