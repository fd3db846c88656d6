import type { Readable, Writable } from 'node:stream';
import type { Server } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import type { ApprovalMode } from '../core/approvals/policy';
import type { ApprovalRule } from '../core/config/config';
import { glassboxPaths } from '../core/config/paths';
import { GlassboxSession } from '../core/session/glassbox-session';
import { createGlassboxMcpServer } from './server-instance';
import { McpHttpServer } from './http-server';
import { isLoopbackHost } from '../core/mcp/common/loopback-host';
import { builtinPrompts } from './builtin-prompts';
import { ListenSpyTransport } from './listen-spy-transport';
import { McpClientHumanInput } from './client-human-input';
import { McpServeHub } from './serve-hub';
import { ResourceWatcher } from './resource-watcher';
import { selectServedTools } from './served-tools';
import { sessionResources } from './session-resources';
import { WorkspaceResources } from './workspace-resources';

/** How to allow a call `mcp serve` denied for want of someone to approve it: the exact rules. */
export function approvalHint(configFile: string, rules: ApprovalRule[], reasons: string[]): string {
  const why = reasons.length ? `It needed approval because: ${reasons.join('; ')}.` : '';
  if (!rules.length) return `${why} Approve such calls in a Glassbox window or terminal instead.`.trim();
  const list = rules.map((r) => JSON.stringify(r)).join(', ');
  return `${why} To allow it, add ${rules.length > 1 ? 'these rules' : 'this rule'} to "approvals.rules" in ${configFile}: ${list}`.trim();
}

/** What `glassbox mcp serve` serves from. */
export interface McpServeOptions {
  workspace: string;
  env: NodeJS.ProcessEnv;
  /** `--tools`: exactly these; undefined = the defaults and extension tools. */
  requested?: string[];
  /**
   * `--approve`: the approval mode, over the config's `approvals.mode`. Without either the
   * policy asks, as `glassbox run` does, and with nobody to ask a call that needs approval is
   * denied: serving tools never turns the gate off, whatever the config holds.
   */
  approveMode?: ApprovalMode;
}

/** HTTP settings. */
export interface McpServeHttpOptions {
  host: string;
  port: number;
  token?: string;
  sessionIdleMs?: number;
  maxSessions?: number;
}

/** A running `mcp serve` (before it is bound to a transport). */
export interface McpServe {
  /** Served tool names. */
  tools: string[];
  /** `--tools` names the session does not have. */
  unknown: string[];
  /** Every tool the session has. */
  available: string[];
  hub: McpServeHub;
  serveStdio(stdin: Readable, stdout: Writable): Promise<{ onclose(fn: () => void): void; close(): Promise<void> }>;
  serveHttp(opts: McpServeHttpOptions): Promise<{ url: string; token: string; warning?: string; host: McpHttpServer; close(): Promise<void> }>;
  dispose(): Promise<void>;
}

/**
 * Builds what `glassbox mcp serve` serves: a Glassbox session whose human is the MCP client
 * (ask_human becomes an elicitation), and a hub with its tools, the workspace's files, the
 * recorded sessions, Glassbox's prompts and everything extensions contributed.
 */
export async function startMcpServe(opts: McpServeOptions): Promise<McpServe> {
  const session = await GlassboxSession.create({
    workspace: opts.workspace,
    env: opts.env,
    withMcp: false,
    // Loaded below, after Glassbox's own resources: an extension cannot take their URIs.
    withExtensions: false,
    humanInput: new McpClientHumanInput(),
    ...(opts.approveMode ? { approveMode: opts.approveMode } : {}),
    defaultApproveMode: 'ask',
    noApprovalPortReason: 'glassbox mcp serve has nobody to ask for approval, so the call was denied.',
    noApprovalPortHint: (rules, reasons) => approvalHint(glassboxPaths(opts.env).config, rules, reasons),
  });
  const catalog = session.extensions.mcp;
  const files = new WorkspaceResources(session.workspace, { privatePaths: [glassboxPaths(opts.env, false).home] });
  catalog.addTemplate(files.template(), 'builtin');
  catalog.addTemplate(sessionResources(session.store, (t) => session.redactor.redact(t)), 'builtin');
  for (const p of builtinPrompts(files, session.workspace)) catalog.addPrompt(p, 'builtin');
  await session.extensions.loadAll();
  const selection = { requested: opts.requested };
  const { tools, unknown } = selectServedTools(session.tools.list(), selection);
  const hub = new McpServeHub({ session, selection, catalog });
  const watcher = new ResourceWatcher(hub, files);
  const closers: (() => Promise<void>)[] = [];

  return {
    tools: tools.map((t) => t.name),
    unknown,
    available: session.tools.names(),
    hub,
    async serveStdio(stdin, stdout) {
      // One instance per connection, pinned to the era its opening message chose (probes get
      // throwaway ones). A 2026-era listen stream's files are watched; the instance's
      // sendResourceUpdated reaches that stream.
      let pinned: Server | undefined;
      const transport = new ListenSpyTransport(new StdioServerTransport(stdin, stdout), (uris) => {
        if (pinned) for (const u of uris) hub.subscribe(pinned, u);
      });
      const handle = serveStdio(
        (ctx) => {
          const s = createGlassboxMcpServer(hub, ctx.era, { connection: true });
          pinned = s;
          return s;
        },
        { transport },
      );
      const close = () => handle.close().catch(() => undefined);
      closers.push(close);
      return {
        onclose: (fn) => {
          stdin.once('end', fn);
          stdin.once('close', fn);
        },
        close,
      };
    },
    async serveHttp(h) {
      const host = new McpHttpServer({
        host: h.host,
        port: h.port,
        token: h.token,
        sessionIdleMs: h.sessionIdleMs,
        maxSessions: h.maxSessions,
        createServer: (era, connection) => createGlassboxMcpServer(hub, era, { connection }),
        onModernNotifier: (n) => (hub.modern = n),
        onListen: (uris) => hub.listen(uris),
      });
      await host.start();
      const close = () => host.close();
      closers.push(close);
      const warning = isLoopbackHost(h.host)
        ? undefined
        : `listening on ${h.host}, reachable from other machines: anyone who has the token can run tools in ${session.workspace}. Bind 127.0.0.1 unless you need this.`;
      return { url: host.url, token: host.token, warning, host, close };
    },
    async dispose() {
      for (const c of closers.splice(0)) await c();
      watcher.close();
      hub.close();
      await session.dispose();
    },
  };
}
