import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { loadConfig, type GlassboxConfig } from '../config/config';
import { glassboxPaths, type GlassboxPaths } from '../config/paths';
import { EventBus } from '../events/event-bus';
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
  withExtensions?: boolean;
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
  }

  /** Builds a session. Throws ConfigError for a malformed config. */
  static async create(opts: SessionOptions = {}): Promise<GlassboxSession> {
    return new GlassboxSession(opts);
  }

  /** Stops processes and connections the session holds. */
  async dispose(): Promise<void> {
    await this.tools.dispose();
  }
}
