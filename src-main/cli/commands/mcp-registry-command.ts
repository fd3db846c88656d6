import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { loadConfig, type McpServerConfig } from '../../core/config/config';
import { glassboxPaths } from '../../core/config/paths';
import { EventBus } from '../../core/events/event-bus';
import { McpManager } from '../../core/mcp/client/manager';
import { RegistryError } from '../../core/mcp/registry/client';
import { registrySettings } from '../../core/mcp/registry/config';
import { defaultOption, defaultServerId, InstallError, installInputs, installOptions, type InstallInput } from '../../core/mcp/registry/install';
import { RegistryService } from '../../core/mcp/registry/service';
import { SecretStore } from '../../core/secrets/store';
import { ToolCollection } from '../../core/tools/tool-collection';
import { parseCliArgs, workspaceOf } from '../args';
import { EXIT, println, UsageError, type CliIO } from '../io';
import { visibleText } from '../../../src-shared/text/visible-text';

/** Usage lines of `mcp search` and `mcp add` (part of `glassbox mcp --help`). */
export const REGISTRY_USAGE = `  glassbox mcp search QUERY [--json] [--limit N]
  glassbox mcp add NAME[@VERSION] [--id ID] [--option package:N|remote:N] [--set KEY=VALUE]... [--json]`;

/** Help of `mcp search` and `mcp add`. */
export const REGISTRY_HELP = `search  searches the MCP Registry (config mcp.registries, default the official
        registry; mcp.allow limits which servers are shown): name, version, packages
        and remotes, description. Exit 0; 1 the registry is down or answered garbage.
add     installs a registry entry (the latest version, or @VERSION) as server ID
        (default: the last part of NAME): writes the config entry with the version
        pinned, asks for required variables and headers (or takes --set KEY=VALUE;
        secrets go to the key store, $GLASSBOX_HOME/state/secrets.json, never into
        config.json), then connects it. Exit 0 installed; 1 registry error;
        2 usage (unknown option, a required value missing, ID taken).`;

function entrySummary(server: { packages?: { registryType: string; transport: { type: string } }[]; remotes?: { type: string }[] }): string {
  return [...(server.packages ?? []).map((p) => `${p.registryType}/${p.transport.type}`), ...(server.remotes ?? []).map((r) => `remote/${r.type}`)].join(', ');
}

/** `glassbox mcp search QUERY`. */
export async function mcpSearch(argv: string[], io: CliIO, usage: string): Promise<number> {
  const { values, positionals } = parseCliArgs({ args: argv, options: { json: { type: 'boolean' }, limit: { type: 'string' }, workspace: { type: 'string' } }, allowPositionals: true }, usage);
  if (positionals.length !== 1) throw new UsageError(`mcp search needs exactly one QUERY\n\n${usage}`);
  const limit = values.limit === undefined ? 30 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new UsageError('--limit must be a whole number from 1 to 100');
  const { config } = loadConfig(glassboxPaths(io.env), workspaceOf(values.workspace, io));
  try {
    const result = await new RegistryService(registrySettings(config)).search(positionals[0]!, limit);
    for (const f of result.failures) println(io.stderr, `warning: ${f}`);
    if (values.json) {
      const out = result.hits.map((h) => ({ registry: h.registry, name: h.entry.server.name, version: h.entry.server.version, title: h.entry.server.title ?? null, description: h.entry.server.description, options: installOptions(h.entry.server), server: h.entry.server }));
      println(io.stdout, JSON.stringify(out, null, 2));
      return EXIT.OK;
    }
    if (!result.hits.length) {
      println(io.stdout, `No servers match '${positionals[0]}'.`);
      return EXIT.OK;
    }
    for (const h of result.hits) {
      const s = h.entry.server;
      println(io.stdout, `${visibleText(s.name)}@${visibleText(s.version)}  [${entrySummary(s)}]\n    ${visibleText(s.description)}`);
    }
    return EXIT.OK;
  } catch (err) {
    if (err instanceof RegistryError) {
      println(io.stderr, `glassbox mcp search: ${err.message}`);
      return EXIT.FAILED;
    }
    throw err;
  }
}

/** Reads one line from the terminal; hidden for secrets. */
async function prompt(io: CliIO, question: string, hidden: boolean): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _enc, cb) {
      if (!muted) io.stderr.write(chunk);
      cb();
    },
  });
  const rl = createInterface({ input: io.stdin, output, terminal: true });
  try {
    return await new Promise<string>((resolve, reject) => {
      rl.question(question, (a) => resolve(a));
      rl.once('close', () => reject(new UsageError('cancelled')));
      muted = hidden;
    });
  } finally {
    muted = false;
    if (hidden) io.stderr.write('\n');
    rl.close();
  }
}

function describeInput(i: InstallInput): string {
  const what = { env: 'environment variable', header: 'header', argument: 'argument', url: 'URL variable' }[i.target];
  const extra = [i.isSecret ? 'secret' : '', i.isRequired ? 'required' : 'optional', i.default !== undefined ? `default ${i.default}` : '', i.choices ? `one of ${i.choices.join(', ')}` : ''].filter(Boolean).join(', ');
  return `${i.key} (${what}; ${extra})${i.description ? `: ${visibleText(i.description)}` : ''}`;
}

/** `glassbox mcp add NAME[@VERSION]`. */
export async function mcpAdd(argv: string[], io: CliIO, usage: string): Promise<number> {
  const { values, positionals } = parseCliArgs({
    args: argv,
    options: { json: { type: 'boolean' }, id: { type: 'string' }, option: { type: 'string' }, set: { type: 'string', multiple: true }, workspace: { type: 'string' } },
    allowPositionals: true,
  }, usage);
  if (positionals.length !== 1) throw new UsageError(`mcp add needs exactly one NAME[@VERSION]\n\n${usage}`);
  const spec = positionals[0]!;
  const at = spec.lastIndexOf('@');
  const name = at > 0 ? spec.slice(0, at) : spec;
  const version = at > 0 ? spec.slice(at + 1) : 'latest';
  const answers: Record<string, string> = {};
  for (const s of values.set ?? []) {
    const eq = s.indexOf('=');
    if (eq < 1) throw new UsageError(`--set wants KEY=VALUE, got '${s}'`);
    answers[s.slice(0, eq)] = s.slice(eq + 1);
  }
  const paths = glassboxPaths(io.env);
  const workspace = workspaceOf(values.workspace, io);
  const { config } = loadConfig(paths, workspace);
  const service = new RegistryService(registrySettings(config));
  let hit;
  try {
    hit = await service.entry(name, version);
  } catch (err) {
    if (err instanceof RegistryError) {
      println(io.stderr, `glassbox mcp add: ${err.message}`);
      return EXIT.FAILED;
    }
    throw err;
  }
  const server = hit.entry.server;
  const id = values.id ?? defaultServerId(server.name);
  if (config.mcpServers?.[id]) throw new UsageError(`a server '${id}' is already configured; choose another with --id`);
  const options = installOptions(server);
  const option = values.option ? options.find((o) => o.key === values.option) : defaultOption(server);
  if (!option) {
    const list = options.map((o) => `  ${o.key}: ${o.label}${o.unsupported ? ` (${o.unsupported})` : ''}`).join('\n');
    throw new UsageError(values.option ? `${server.name} has no option ${values.option}; it has:\n${list}` : `${server.name} offers nothing Glassbox can install:\n${list || '  (no packages or remotes)'}`);
  }
  if (option.unsupported) throw new UsageError(`${option.key} of ${server.name}: ${option.unsupported}`);
  const inputs = installInputs(server, option.key);
  const unknown = Object.keys(answers).filter((k) => !inputs.some((i) => i.key === k));
  if (unknown.length) throw new UsageError(`${server.name} (${option.key}) takes no ${unknown.join(', ')}; it takes: ${inputs.map((i) => i.key).join(', ') || 'nothing'}`);
  const missing = inputs.filter((i) => answers[i.key] === undefined && i.isRequired && i.default === undefined);
  if (missing.length && io.stdin.isTTY) {
    for (const i of missing) {
      const a = await prompt(io, `${describeInput(i)}\n  ${i.key} > `, i.isSecret);
      if (a) answers[i.key] = a;
    }
  }
  const manager = new McpManager({ config, userConfigPath: paths.config, tools: new ToolCollection(), bus: new EventBus('mcp-add'), workspace, env: io.env });
  let written: McpServerConfig;
  try {
    written = await service.install(hit, option.key, id, answers, new SecretStore(paths.state), (i, c) => manager.add(i, c));
  } catch (err) {
    await manager.close();
    if (err instanceof InstallError) throw new UsageError(`${err.message}${missing.length && !io.stdin.isTTY ? '\n' + missing.map((i) => `  ${describeInput(i)}`).join('\n') : ''}`);
    if (err instanceof RegistryError) {
      println(io.stderr, `glassbox mcp add: ${err.message}`);
      return EXIT.FAILED;
    }
    throw err;
  }
  const status = manager.status(id)!;
  await manager.close();
  const secrets = [...JSON.stringify(written).matchAll(/\$\{secret:([^}]+)\}/g)].map((m) => m[1]!);
  if (values.json) {
    println(io.stdout, JSON.stringify({ id, name: server.name, version: server.version, registry: hit.registry, option: option.key, config: written, secrets, status: status.status, toolCount: status.toolCount, error: status.lastError ?? null }, null, 2));
    return EXIT.OK;
  }
  println(io.stdout, `Installed ${server.name}@${server.version} as '${id}' (${option.label}) in ${paths.config}.`);
  if (secrets.length) println(io.stdout, `Secrets (${secrets.join(', ')}) are in the key store ${new SecretStore(paths.state).file}.`);
  if (status.status === 'connected') println(io.stdout, `Connected: ${status.toolCount} tool(s).`);
  else println(io.stderr, `warning: '${id}' is saved but did not connect (${status.status}): ${status.lastError ?? 'no reason given'}\nRun \`glassbox mcp doctor ${id}\` to find out why.`);
  return EXIT.OK;
}
