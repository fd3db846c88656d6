import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig, updateConfigFile } from '../../core/config/config';
import { ConfigError } from '../../core/config/config-error';
import { glassboxPaths } from '../../core/config/paths';
import { EventBus } from '../../core/events/event-bus';
import { mergeImportedServers, parseMcpImport } from '../../core/mcp/client/config-import';
import { McpManager } from '../../core/mcp/client/manager';
import type { McpServerStatus } from '../../core/mcp/client/server-status';
import { ToolCollection } from '../../core/tools/tool-collection';
import { parseCliArgs, runSubcommand, workspaceOf } from '../args';
import { cliSignIn, LOGIN_HELP, LOGIN_USAGE, mcpLogin, mcpLogout } from './mcp-login-command';
import { mcpServe, SERVE_USAGE } from './mcp-serve-command';
import { EXIT, println, UsageError, type CliIO } from '../io';
import { mcpAdd, mcpSearch, REGISTRY_HELP, REGISTRY_USAGE } from './mcp-registry-command';
import { DOCTOR_HELP, DOCTOR_USAGE, mcpDoctor } from './mcp-doctor-command';

const USAGE = `Usage:
  glassbox mcp list [--json] [--workspace DIR]
${SERVE_USAGE}
  glassbox mcp import FILE [--replace] [--dry-run]
${LOGIN_USAGE}
${REGISTRY_USAGE}
${DOCTOR_USAGE}

list    configured MCP servers (connects each): id, transport, protocol version in use,
        status (needs-sign-in included), tool / resource / template / prompt counts,
        instructions present, last error. Exit 0; 2 on a config error.
serve   Glassbox as an MCP server (protocol 2025-11-25 and 2026-07-28): tools, the
        workspace's files (file:// resources), recorded sessions (glassbox://sessions/ID),
        prompts and completions, plus what extensions contribute. stdio by default;
        --http serves Streamable HTTP at /mcp (bearer token required: --token, or one
        is generated and printed on stderr; also accepted as ?token=). First stdout
        line with --http: "Glassbox MCP: http://HOST:PORT/mcp". Idle HTTP sessions
        close after --session-idle seconds (600); at most --max-sessions (64) are open.
        Default tools: bash, str_replace_editor, python_execute, planning, terminate,
        ask_human (an elicitation to the client) and extension tools. Calls pass the
        same approval policy as \`glassbox run\`: --approve, else the config's
        approvals.mode, else ask; nobody can answer a prompt here, so a call that
        needs approval is denied (with the approvals.rules entry that would allow it).
import  merges a Claude Desktop / Cursor / .mcp.json (mcpServers) or VS Code (servers)
        file into $GLASSBOX_HOME/config.json; existing ids are kept unless --replace.
${LOGIN_HELP}
${REGISTRY_HELP}
${DOCTOR_HELP}`;

/** One entry of `mcp list --json` (stable: scripts rely on it; docs/cli.md). */
export interface McpListing {
  id: string;
  transport: string;
  /** `needs-sign-in`: the server answered 401 (`glassbox mcp login ID`). */
  status: McpServerStatus['status'];
  /** The MCP revision in use (`2026-07-28`, `2025-11-25`, …); null when not connected. */
  protocolVersion: string | null;
  toolCount: number;
  /** Resources, resource templates and prompts the server offers; null when not connected. */
  resourceCount: number | null;
  resourceTemplateCount: number | null;
  promptCount: number | null;
  /** The server's instructions (null when it sent none). */
  instructions: string | null;
  includeInstructions: boolean;
  lastError: string | null;
  /** The full explanation of a failure (exit code + stderr tail, HTTP status, handshake step). */
  whyFailed: string | null;
  tools: string[];
}

/** `glassbox mcp list|serve|import` (docs/cli.md). Usage and config problems throw (exit 2 in main). */
export async function mcpCommand(argv: string[], io: CliIO): Promise<number> {
  return runSubcommand(argv, io, USAGE, { list: listServers, serve, import: importServers, login: mcpLogin, logout: mcpLogout, search: (a, i) => mcpSearch(a, i, USAGE), add: (a, i) => mcpAdd(a, i, USAGE), doctor: (a, i) => mcpDoctor(a, i, USAGE) });
}

function toListing(s: McpServerStatus): McpListing {
  return {
    id: s.id,
    transport: s.transport,
    status: s.status,
    protocolVersion: s.protocolVersion ?? null,
    toolCount: s.toolCount,
    resourceCount: s.resourceCount ?? null,
    resourceTemplateCount: s.resourceTemplateCount ?? null,
    promptCount: s.promptCount ?? null,
    instructions: s.instructions ?? null,
    includeInstructions: s.includeInstructions,
    lastError: s.lastError ?? null,
    whyFailed: s.whyFailed ?? null,
    tools: s.tools.filter((t) => t.enabled).map((t) => t.name),
  };
}

async function listServers(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseCliArgs({ args: argv, options: { json: { type: 'boolean' }, workspace: { type: 'string' } }, allowPositionals: false }, USAGE);
  const workspace = workspaceOf(values.workspace, io);
  const paths = glassboxPaths(io.env);
  const { config } = loadConfig(paths, workspace);
  const bus = new EventBus('mcp-list');
  // Stored sign-ins are used; a server that needs a new one is listed as needs-sign-in.
  const auth = cliSignIn(io, paths, false).factory;
  const manager = new McpManager({ config, userConfigPath: paths.config, tools: new ToolCollection(), bus, workspace, env: io.env, auth });
  try {
    // A diagnostic: every server is started, also those that otherwise start on first use.
    await manager.start({ cached: 'none' });
    // Resources and prompts are listed only here (a session lists them when they are wanted).
    await manager.catalog.loadCounts(manager.ids());
    const listing = manager.servers().map(toListing);
    if (values.json) {
      println(io.stdout, JSON.stringify(listing, null, 2));
      return EXIT.OK;
    }
    if (!listing.length) {
      println(io.stdout, 'No MCP servers configured. Add them under "mcpServers" in ' + paths.config);
      return EXIT.OK;
    }
    const rows = [['ID', 'TRANSPORT', 'STATUS', 'PROTOCOL', 'TOOLS', 'RESOURCES', 'PROMPTS', 'INSTRUCTIONS', 'LAST ERROR']];
    for (const l of listing) {
      const count = (n: number | null): string => (n === null ? '-' : String(n));
      rows.push([l.id, l.transport, l.status, l.protocolVersion ?? '-', String(l.toolCount), count(l.resourceCount), count(l.promptCount), l.instructions ? (l.includeInstructions ? 'yes' : 'yes (not sent)') : 'no', l.lastError ?? '']);
    }
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    for (const r of rows) println(io.stdout, r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ').trimEnd());
    for (const l of listing) if (l.whyFailed && l.whyFailed !== l.lastError) println(io.stderr, `\n${l.id}: ${l.whyFailed}`);
    return EXIT.OK;
  } finally {
    await manager.close();
  }
}

function serve(argv: string[], io: CliIO): Promise<number> {
  return mcpServe(argv, io, USAGE);
}

async function importServers(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCliArgs({
    args: argv,
    options: { replace: { type: 'boolean' }, 'dry-run': { type: 'boolean' } },
    allowPositionals: true,
  }, USAGE);
  if (positionals.length !== 1) throw new UsageError(`mcp import needs exactly one FILE\n\n${USAGE}`);
  const file = resolve(io.cwd, positionals[0]);
  if (!existsSync(file)) throw new UsageError(`${file}: no such file`);
  const imported = parseMcpImport(readFileSync(file, 'utf8'), file);
  for (const w of imported.warnings) println(io.stderr, `warning: ${w}`);
  const paths = glassboxPaths(io.env);
  let summary: ReturnType<typeof mergeImportedServers> | undefined;
  const apply = (c: Parameters<typeof mergeImportedServers>[0]) => {
    summary = mergeImportedServers(c, imported.servers, { replace: values.replace });
    return summary.config;
  };
  if (values['dry-run']) {
    apply(loadConfig(paths, io.cwd).config);
  } else {
    try {
      updateConfigFile(paths.config, apply);
    } catch (err) {
      if (err instanceof ConfigError) throw err;
      throw new ConfigError(`cannot write ${paths.config}: ${(err as Error).message}`);
    }
  }
  const s = summary!;
  const line = (label: string, ids: string[]) => ids.length && println(io.stdout, `${label}: ${ids.join(', ')}`);
  line(values['dry-run'] ? 'would add' : 'added', s.added);
  line(values['dry-run'] ? 'would replace' : 'replaced', s.replaced);
  line('already there', s.unchanged);
  line('kept (exists with a different config; use --replace)', s.skipped);
  if (!Object.keys(imported.servers).length) println(io.stdout, 'no usable servers in the file');
  else if (!values['dry-run']) println(io.stdout, `saved to ${paths.config}`);
  return EXIT.OK;
}
