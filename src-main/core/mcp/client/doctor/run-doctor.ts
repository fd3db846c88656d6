import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { type McpServerConfig } from '../../../config/config';
import { ConfigError } from '../../../config/config-error';
import { expandReferences } from '../../../secrets/references';
import type { DoctorCheck, DoctorReport, DoctorStep } from '../../../../../src-shared/contract/doctor-views';
import { errMessage } from '../failure-explanation';
import { protocolSetting } from '../protocol-version';
import { McpServerConnection } from '../connection';
import { resolveTransportKind } from '../transport-kind';
import type { McpAuthFactory } from '../oauth/server-auth';
import { probeHttp, probeOAuth } from './http-probes';
import { probeDns, probeTcp, probeTls, type ProbeResult } from './network-probes';
import { invalidToolSchemas } from './tool-schemas';

/** What the doctor needs besides the server's config. */
export interface DoctorOptions {
  workspace: string;
  env: NodeJS.ProcessEnv;
  /** Where the config entry lives, for the messages. */
  configPath: string;
  /** Stored OAuth sign-ins (never opens a browser): used for the handshake of a server that wants one. */
  auth?: McpAuthFactory;
  /** Whether the user is signed in to this server (http servers that ask for sign-in). */
  signedIn?: () => boolean;
  /** A tool to call at the end, with its arguments. */
  call?: { tool: string; args: Record<string, unknown> };
}

type Outcome = { ok: true; saw: string } | { ok: false; saw: string; fix: string } | { skipped: string };

/** The command a stdio config runs, found the way spawn finds it (PATH, or a path from the cwd). */
function findCommand(command: string, cwd: string, env: NodeJS.ProcessEnv): string | undefined {
  const executable = (p: string): boolean => {
    try {
      accessSync(p, constants.X_OK);
      return statSync(p).isFile();
    } catch {
      return false;
    }
  };
  if (command.includes('/') || isAbsolute(command)) {
    const p = resolve(cwd, command);
    return executable(p) ? p : undefined;
  }
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const p = join(dir, command);
    if (executable(p)) return p;
  }
  return undefined;
}

/**
 * The connection doctor: runs the checks of one MCP server in order and stops at the first that
 * fails, each with what it saw and what to do — the config entry; for a command, that it is found
 * and starts; for a URL, DNS, TCP, TLS, the HTTP status and Content-Type, OAuth discovery and the
 * sign-in; then the protocol handshake (era and capabilities), the lists, every tool's input
 * schema, and a tool call when one is asked for.
 */
export async function runDoctor(id: string, config: McpServerConfig, opts: DoctorOptions): Promise<DoctorReport> {
  const checks: DoctorCheck[] = [];
  const kind = resolveTransportKind(config);
  const report = (): DoctorReport => {
    const failed = checks.find((c) => c.status === 'failed');
    return { server: id, transport: kind.ok ? kind.kind : 'unknown', healthy: !failed, failedStep: failed?.step ?? null, checks };
  };
  /** Runs one check; false when it failed (the doctor stops there). */
  const check = async (step: DoctorStep, title: string, run: () => Promise<Outcome> | Outcome): Promise<boolean> => {
    const started = Date.now();
    let out: Outcome;
    try {
      out = await run();
    } catch (err) {
      out = { ok: false, saw: errMessage(err), fix: 'see what was seen' };
    }
    const durationMs = Date.now() - started;
    if ('skipped' in out) checks.push({ step, title, status: 'skipped', saw: out.skipped, durationMs });
    else checks.push({ step, title, status: out.ok ? 'ok' : 'failed', saw: out.saw, ...(out.ok ? {} : { fix: out.fix }), durationMs });
    return !('ok' in out) || out.ok;
  };
  const fromProbe = (p: ProbeResult): Outcome => (p.ok ? { ok: true, saw: p.saw } : { ok: false, saw: p.saw, fix: p.fix });

  let cfg: McpServerConfig = config;
  const configOk = await check('config', `the entry mcpServers.${id}`, () => {
    if (!kind.ok) return { ok: false, saw: kind.reason, fix: `fix mcpServers.${id} in ${opts.configPath}` };
    const era = protocolSetting(config);
    if (!era.ok) return { ok: false, saw: era.reason, fix: `fix mcpServers.${id}.protocolVersion in ${opts.configPath}` };
    try {
      cfg = expandReferences(config, `mcpServers.${id}`, opts.env);
    } catch (err) {
      if (err instanceof ConfigError) return { ok: false, saw: err.message, fix: 'set the variable (or store the secret) it names, or change the entry' };
      throw err;
    }
    if (config.disabled) return { ok: true, saw: `${kind.kind} server, switched off in the config (checked anyway)` };
    return { ok: true, saw: kind.kind === 'stdio' ? `stdio: ${config.command} ${(config.args ?? []).join(' ')}`.trim() : `${kind.kind === 'auto' ? 'http (SSE as fallback)' : kind.kind}: ${config.url}` };
  });
  if (!configOk || !kind.ok) return report();

  if (kind.kind === 'stdio') {
    const cwd = cfg.cwd ?? opts.workspace;
    const env = { ...opts.env, ...(cfg.env ?? {}) };
    const found = await check('command', `the command '${config.command}'`, () => {
      if (!existsSync(cwd)) return { ok: false, saw: `the working folder ${cwd} does not exist`, fix: `create it or fix mcpServers.${id}.cwd` };
      const path = findCommand(cfg.command!, cwd, env);
      return path
        ? { ok: true, saw: `found at ${path}` }
        : { ok: false, saw: `'${cfg.command}' is not on PATH (${env.PATH ?? 'PATH is empty'})${cfg.command!.includes('/') ? ' or not executable' : ''}`, fix: `install it, or write its full path in mcpServers.${id}.command` };
    });
    if (!found) return report();
  } else {
    let url: URL;
    try {
      url = new URL(cfg.url!);
    } catch {
      await check('dns', 'the URL', () => ({ ok: false, saw: `'${cfg.url}' is not a URL`, fix: `fix mcpServers.${id}.url` }));
      return report();
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    let address = host;
    if (!(await check('dns', `DNS lookup of ${host}`, async () => {
      const r = await probeDns(host);
      if (r.ok && r.address) address = r.address;
      return fromProbe(r);
    }))) return report();
    if (!(await check('tcp', `TCP connection to ${host}:${port}`, async () => fromProbe(await probeTcp(address, port))))) return report();
    if (!(await check('tls', `TLS with ${host}`, async () => (url.protocol === 'https:' ? fromProbe(await probeTls(address, port, host)) : { skipped: 'plain http: no TLS (fine on 127.0.0.1; anything else should use https)' })))) return report();
    let unauthorized = false;
    let resourceMetadataUrl: string | undefined;
    if (!(await check('http', `HTTP ${kind.kind === 'sse' ? 'GET' : 'POST'} ${url.toString()}`, async () => {
      const r = await probeHttp(url.toString(), kind.kind === 'sse' ? 'sse' : kind.kind === 'http' ? 'http' : 'auto', cfg.headers ?? {});
      unauthorized = r.unauthorized === true;
      resourceMetadataUrl = r.resourceMetadataUrl;
      return fromProbe(r);
    }))) return report();
    if (!(await check('oauth', 'OAuth discovery and sign-in', async () => {
      if (!unauthorized && !config.oauth) return { skipped: 'the server did not ask for sign-in' };
      if (!unauthorized) return { skipped: 'oauth is configured, but the server let the request in without it' };
      const discovery = await probeOAuth(url.toString(), resourceMetadataUrl);
      if (!discovery.ok) return fromProbe(discovery);
      if (opts.signedIn && !opts.signedIn()) return { ok: false, saw: `${discovery.saw}; not signed in`, fix: `sign in: glassbox mcp login ${id} (or Sign in on the server's card)` };
      return { ok: true, saw: `${discovery.saw}; signed in` };
    }))) return report();
  }

  const conn = new McpServerConnection({
    id,
    config,
    workspace: opts.workspace,
    env: opts.env,
    expandVariables: true,
    listener: { status: () => {}, toolsChanged: () => {}, log: () => {} },
    ...(opts.auth ? { auth: opts.auth } : {}),
  });
  try {
    const stdio = kind.kind === 'stdio';
    let why = '';
    const connected = async (): Promise<boolean> => {
      await conn.connect();
      why = conn.whyFailed ?? conn.lastError ?? `status ${conn.status}`;
      return conn.status === 'connected';
    };
    const ok = await connected();
    const diedAtStart = !ok && stdio && /^(the process (exited|was killed)|command '.*' (was not found|is not executable)|the working folder)/.test(why);
    if (stdio) {
      const started = await check('start', 'the server process starts', () =>
        diedAtStart
          ? { ok: false, saw: why, fix: 'run the command in a terminal to see why it stops (its stderr is above): a missing argument, variable or dependency' }
          : { ok: true, saw: ok ? `running (pid ${conn.pid ?? '?'})` : 'started' },
      );
      if (!started) return report();
    }
    const handshake = await check('handshake', 'MCP handshake (protocol era and capabilities)', () => {
      if (!ok) {
        const signIn = conn.status === 'needs-sign-in';
        return { ok: false, saw: why, fix: signIn ? `sign in: glassbox mcp login ${id}` : stdio ? 'the process runs but does not speak MCP on stdio: is it an MCP server, and does it log to stdout?' : 'the endpoint does not speak MCP: check the URL, the transport type and the protocolVersion setting' };
      }
      const client = conn.sdkClient!;
      const caps = Object.keys(client.getServerCapabilities() ?? {}).sort().join(', ') || 'none';
      const how = client.getProtocolEra() === 'modern' ? 'server/discover' : 'initialize';
      const info = client.getServerVersion();
      return { ok: true, saw: `${info?.name ?? 'server'} ${info?.version ?? ''}`.trim() + `, protocol ${conn.protocolVersion} (${how}), over ${conn.transportKind}; capabilities: ${caps}` };
    });
    if (!handshake) return report();
    const client = conn.sdkClient!;
    const listsOk = await check('lists', 'tools/list, resources/list, prompts/list', async () => {
      const caps = client.getServerCapabilities() ?? {};
      const parts = [`${conn.tools.length} tool(s)`];
      const t = { timeout: conn.handshakeTimeoutMs };
      try {
        if (caps.resources) parts.push(`${(await client.listResources({}, t)).resources.length} resource(s)`);
        if (caps.prompts) parts.push(`${(await client.listPrompts({}, t)).prompts.length} prompt(s)`);
      } catch (err) {
        return { ok: false, saw: `${parts.join(', ')}; then: ${errMessage(err)}`, fix: 'the server advertises a capability it does not answer: report it to its authors' };
      }
      return { ok: true, saw: parts.join(', ') };
    });
    if (!listsOk) return report();
    const schemasOk = await check('schemas', "every tool's input schema is valid JSON Schema", () => {
      const bad = invalidToolSchemas(conn.tools);
      if (!bad.length) return { ok: true, saw: `${conn.tools.length} schema(s) valid` };
      return { ok: false, saw: bad.map((b) => `${b.tool}: ${b.problem}`).join('\n'), fix: `a model cannot call ${bad.length > 1 ? 'these tools' : 'this tool'} reliably: report it to the server's authors, or switch ${bad.length > 1 ? 'them' : 'it'} off` };
    });
    if (!schemasOk) return report();
    await check('call', opts.call ? `calling ${opts.call.tool}` : 'a tool call', async () => {
      if (!opts.call) return { skipped: 'no tool asked for (--call TOOL --args JSON)' };
      const r = await client.callTool({ name: opts.call.tool, arguments: opts.call.args }, { timeout: conn.timeoutMs });
      const text = (r.content as Array<{ type: string; text?: string }> | undefined)?.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join(' ') ?? '';
      const clipped = text.length > 300 ? `${text.slice(0, 300)}…` : text;
      return r.isError ? { ok: false, saw: `the tool answered an error: ${clipped}`, fix: 'check the arguments against the tool schema' } : { ok: true, saw: clipped || '(no text)' };
    });
    return report();
  } finally {
    await conn.close();
  }
}
