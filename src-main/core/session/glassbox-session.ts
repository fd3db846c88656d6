import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { loadConfig, type GlassboxConfig } from '../config/config';
import { glassboxPaths, workspaceDir, type GlassboxPaths } from '../config/paths';
import { EventBus } from '../events/event-bus';
import { defaultExtensionRoots } from '../extensions/extension-discovery';
import { ExtensionHost } from '../extensions/extension-host';
import { ToolHooks } from '../hooks/tool-hooks';
import type { HumanInputPort } from '../tools/tool';
import { createBuiltinTools } from '../tools/builtin-tools';
import { ToolCollection } from '../tools/tool-collection';
import { ToolRunner, type ApprovalGate } from '../tools/tool-runner';

/** Everything needed to build a session; ports come from the host (CLI, window, web). */
export interface SessionOptions {
  workspace?: string;
  env?: NodeJS.ProcessEnv;
  sessionId?: string;
  humanInput?: HumanInputPort;
  approvals?: ApprovalGate;
  /** Approval mode override (`--approve`); else config `approvals.mode`, default `ask`. */
  approveMode?: 'ask' | 'auto' | 'deny';
  /** Skip MCP servers (e.g. `tools call` of a built-in) — set by hosts that do not need them. */
  withMcp?: boolean;
  /** Load extensions at create (default true). */
  withExtensions?: boolean;
  /** Reload extensions when their files change (long-running hosts: app, web). */
  watchExtensions?: boolean;
}

/**
 * The composition root: wires config, tools, hooks, the event bus and the tool runner.
 * Everything else receives what it needs from here through its constructor.
 */
export class GlassboxSession {
  readonly id: string;
  readonly workspace: string;
  readonly paths: GlassboxPaths;
  readonly config: GlassboxConfig;
  readonly bus: EventBus;
  readonly hooks = new ToolHooks();
  readonly tools: ToolCollection;
  readonly runner: ToolRunner;
  /** Extensions of this session: list, reload(name?), unload; empty with `withExtensions: false`. */
  readonly extensions: ExtensionHost;

  private constructor(opts: SessionOptions) {
    const env = opts.env ?? process.env;
    this.id = opts.sessionId ?? randomUUID();
    this.workspace = resolve(opts.workspace ?? process.cwd());
    this.paths = glassboxPaths(env);
    this.config = loadConfig(this.paths, this.workspace).config;
    this.bus = new EventBus(this.id);
    this.tools = new ToolCollection(
      createBuiltinTools({ workspace: this.workspace, home: this.paths.home, config: this.config }),
    );
    this.runner = new ToolRunner({
      tools: this.tools,
      hooks: this.hooks,
      workspace: this.workspace,
      home: this.paths.home,
      bus: this.bus,
      approvals: opts.approvals,
      humanInput: opts.humanInput,
    });
    this.extensions = new ExtensionHost({
      bus: this.bus,
      tools: this.tools,
      hooks: this.hooks,
      config: this.config,
      workspace: this.workspace,
      roots: defaultExtensionRoots(this.paths.extensions, workspaceDir(this.workspace)),
    });
  }

  /** Builds a session. Throws ConfigError for a malformed config. */
  static async create(opts: SessionOptions = {}): Promise<GlassboxSession> {
    const session = new GlassboxSession(opts);
    if (opts.withExtensions !== false) {
      await session.extensions.loadAll();
      if (opts.watchExtensions) session.extensions.watch();
    }
    return session;
  }

  /** Stops processes and connections the session holds. */
  async dispose(): Promise<void> {
    await this.extensions.dispose();
    await this.tools.dispose();
  }
}
