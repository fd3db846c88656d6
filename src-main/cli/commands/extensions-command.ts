import type { ExtensionInfo } from '../../core/extensions/entry';
import { GlassboxSession } from '../../core/session/glassbox-session';
import { parseCliArgs, runSubcommand, workspaceOf } from '../args';
import { EXIT, println, type CliIO } from '../io';

const USAGE = `Usage:
  glassbox extensions list [--json] [--workspace DIR]

Lists the extensions found in $GLASSBOX_HOME/extensions/*/ and <workspace>/.glassbox/extensions/*/
with name, version, folder, status (loaded, or failed with the reason) and what each registered
(tools, hooks, event subscriptions, MCP resources and prompts). --json prints the same as a JSON array.
Exit 0; 2 on a usage or config error.`;

/** `glassbox extensions list [--json]`. Usage and config problems throw (exit 2 in main). */
export function extensionsCommand(argv: string[], io: CliIO): Promise<number> {
  return runSubcommand(argv, io, USAGE, { list: listExtensions });
}

async function listExtensions(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseCliArgs(
    {
      args: argv,
      options: { json: { type: 'boolean' }, workspace: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: false,
    },
    USAGE,
  );
  if (values.help) {
    println(io.stdout, USAGE);
    return EXIT.OK;
  }
  const workspace = workspaceOf(values.workspace, io);

  // MCP servers are not needed to list extensions (their tools cannot change what loads).
  const session = await GlassboxSession.create({ workspace, env: io.env, withMcp: false });
  try {
    const list = session.extensions.list();
    println(io.stdout, values.json ? JSON.stringify(list, null, 2) : formatExtensionList(list));
    return EXIT.OK;
  } finally {
    await session.dispose();
  }
}

/** The human listing: one block per extension, failures with their reason. */
export function formatExtensionList(list: ExtensionInfo[]): string {
  if (list.length === 0) {
    return 'No extensions. Put one in $GLASSBOX_HOME/extensions/<name>/ or <workspace>/.glassbox/extensions/<name>/.';
  }
  const lines: string[] = [];
  for (const e of list) {
    lines.push(`${e.name} ${e.version}  ${e.status === 'loaded' ? 'loaded' : 'FAILED'}  [${e.origin}]  ${e.folder}`);
    if (e.description) lines.push(`  ${e.description}`);
    if (e.status !== 'loaded') {
      lines.push(`  reason: ${e.reason ?? 'unknown'}`);
      continue;
    }
    if (e.tools.length) lines.push(`  tools: ${e.tools.join(', ')}`);
    for (const r of e.rejectedTools) lines.push(`  tool '${r.name}' not registered: the name belongs to ${r.keptBy}`);
    if (e.hooks.before || e.hooks.after) lines.push(`  hooks: ${e.hooks.before} before, ${e.hooks.after} after`);
    if (e.subscriptions.length) lines.push(`  subscribes to: ${e.subscriptions.join(', ')}`);
    const mcp = [...e.mcp.resources, ...e.mcp.templates, ...e.mcp.prompts.map((p) => `prompt ${p}`)];
    if (mcp.length) lines.push(`  MCP: ${mcp.join(', ')}`);
    for (const err of e.errors) lines.push(`  error: ${err}`);
  }
  const failed = list.filter((e) => e.status !== 'loaded').length;
  lines.push('', `${list.length} extension(s), ${list.length - failed} loaded, ${failed} failed.`);
  return lines.join('\n');
}
