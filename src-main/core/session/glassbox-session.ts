import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig, type GlassboxConfig } from '../config/config';
import { glassboxPaths, workspaceDir, type GlassboxPaths } from '../config/paths';
import { EventBus } from '../events/event-bus';
import { defaultExtensionRoots } from '../extensions/discovery';
import { ExtensionRegistry } from '../extensions/registry';
import { ToolHooks } from '../tools/tool-hooks';
import type { ToolExposure } from '../agent/tool-exposure';
import type { McpSignIn } from '../mcp/client/oauth/sign-in';
import { createBuiltinTools } from '../tools/builtin-tools';
import { ToolCollection } from '../tools/tool-collection';
import { ToolRunner } from '../tools/tool-runner';
import type { ToolCallAgent } from '../agent/tool-call-agent';
import { type AgentRunOptions, type AgentRunResult } from '../agent/run-options';
import { forkOverridesOf, type ForkOverrides } from '../fork/overrides';
import { forkCopyDir } from '../fork/workspace';
import { startFork, type ForkFiles } from '../fork/start';
import { holdToolsUntil } from '../fork/hold-tools';
import { RecordedHumanInput } from '../approvals/recorded-human-input';
import { BashShell } from '../tools/bash/shell';
import { confinedEnv } from '../sandbox/confined-env';
import { createSessionSandbox, sweepNewRepositoriesAfterRuns } from '../sandbox/session-sandbox';
import type { Sandbox } from '../sandbox/sandbox';
import { SessionModel } from './model';
import type { ModelChangeFields, ModelSettings } from '../../../src-shared/contract/fork-views';
import type { LlmProvider } from '../llm/llm-types';
import { conversationFromEvents } from './conversation-from-events';
import { ConversationRewind } from './conversation-rewind';
import { collectSecrets } from '../secrets/config-secrets';
import { RedactedEvents } from '../secrets/redacted-events';
import { SecretRedactor } from '../secrets/redactor';
import { SessionStore } from './store';
import { TraceWriter } from './trace-writer';
import { SessionCheckpoints } from '../checkpoints/session-checkpoints';
import { SkillCatalog } from '../skills/catalog';
import { skillRoots } from '../skills/folders';
import { offerLoadSkill } from '../skills/load-skill-tool';
import { skillsSection } from '../skills/config';
import { createSessionTelemetry } from '../telemetry/create-session-telemetry';
import type { SessionTelemetry } from '../telemetry/session-telemetry';
import { recordedTraceOf } from '../telemetry/trace-carrier';
import { SpendGuard } from '../limits/spend-guard';
import { SteerQueue } from '../agent/steer-queue';
import type { PolicyApprovalGate } from '../approvals/policy-approval-gate';
import type { McpManager } from '../mcp/client/manager';
import type { SessionOptions } from './options';
import { createApprovalGate } from './approval-gate';
import { createSessionAgent } from './session-agent';
import { createMcpClients, mcpToolExposure } from './mcp-clients';
import { RunControl } from './run-control';

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
  readonly extensions: ExtensionRegistry;
  /** Saved sessions ($GLASSBOX_HOME/sessions). */
  readonly store: SessionStore;
  /** Hides API keys and MCP header/env values in the session file, `--json` output, streamed deltas and the window. */
  readonly redactor: SecretRedactor;
  /** The bus's events with the secrets hidden, each redacted once: what the file, the window and `--json` read. */
  readonly redactedEvents: RedactedEvents;
  /** Writes this session's events to `<sessions>/<id>.jsonl` (null with `record: false`). */
  readonly trace: TraceWriter | null;
  /** The think → act loop; its `messages` are the conversation. */
  readonly agent: ToolCallAgent;
  /** The policy gate, when approvals are on (`approveMode` given or an `approvals` config section). */
  readonly approvalGate: PolicyApprovalGate | null;
  /** MCP servers of this session (connected during `create` unless `withMcp: false` or `mcpInBackground`). */
  readonly mcp: McpManager;
  /** OAuth sign-in to the session's remote MCP servers: login, logout, who is signed in. */
  readonly signIn: McpSignIn;
  /** Warnings from loading a resumed session file (torn last line …). */
  readonly loadWarnings: string[] = [];
  /** The workspace's checkpoints around each turn (null unless `checkpoints` was asked for and the config allows it). */
  readonly checkpoints: SessionCheckpoints | null = null;
  /** Sets the conversation back to an earlier turn (`conversation_restored`). */
  readonly conversation: ConversationRewind;
  /** Skills of the home, the workspace and the MCP servers; the model sees names and descriptions until it loads one. */
  readonly skills: SkillCatalog;
  /** OpenTelemetry: spans from the session's events (export on), the trace id and the link to it. */
  readonly telemetry: SessionTelemetry;
  /** Which tools each request carries with schemas and which are deferred (loaded via `tool_search`). */
  readonly exposure: ToolExposure;
  /** The spend limits (config `limits`, `--max-usd`) and the meter behind `spend_status`. */
  readonly spend: SpendGuard;
  /** Messages typed while a run works, and *Stop after this step*. */
  readonly steering: SteerQueue;
  /** The configured model, or the one this session was switched to (kept in its file as `model_changed`). */
  private readonly model: SessionModel;
  private readonly systemMessageSources = new Set<() => string[]>();
  /** What a fork changed that lasts (system prompt, an MCP server's instructions, its copy of the workspace). */
  private readonly forkOverrides: ForkOverrides;
  /** One run at a time: start, cancel, whether one is going. */
  private readonly runs: RunControl;
  /** The MCP start still in progress (`mcpInBackground`); null once every server connected or failed. */
  private mcpStarting: Promise<void> | null = null;
  private bashShell: BashShell | undefined;
  /** The OS sandbox bash and python_execute run in (its status is the window's "unsandboxed" badge). */
  readonly sandbox: Sandbox;
  /** The last sweep of repositories made in the sandbox, for dispose. */
  private readonly finalSweep: () => void;
  /** The environment the shell and Python get: this session's minus the model and MCP secrets. */
  private readonly confinedEnv: Record<string, string>;

  private constructor(opts: SessionOptions) {
    const env = opts.env ?? process.env;
    this.id = opts.sessionId ?? randomUUID();
    this.paths = glassboxPaths(env);
    this.store = new SessionStore(this.paths.sessions);
    // Resuming: continue seq numbering and the conversation from the file.
    const resumed = opts.sessionId && opts.resume !== false ? (opts.savedFile ?? (this.store.exists(this.id) ? this.store.load(this.id) : null)) : null;
    if (resumed) this.loadWarnings.push(...resumed.warnings);
    this.forkOverrides = forkOverridesOf(resumed?.events ?? []);
    // A fork with a copy of its own keeps working there, whoever opens it ($GLASSBOX_HOME/state/forks/<its id>/workspace).
    const forkDir = forkCopyDir(this.paths.home, this.id);
    this.workspace = existsSync(forkDir) ? forkDir : resolve(opts.workspace ?? process.cwd());
    this.config = loadConfig(this.paths, this.workspace).config;
    this.redactor = new SecretRedactor(collectSecrets(this.config, env));
    this.model = new SessionModel(this.config, env, resumed?.events, opts.provider);
    const lastSeq = resumed?.events.reduce((m, e) => Math.max(m, e.seq ?? 0), 0) ?? 0;
    this.bus = new EventBus(this.id, undefined, lastSeq);
    this.sandbox = createSessionSandbox(this.config, this.workspace, this.paths.home, env, (message) =>
      this.bus.emit({ type: 'log', level: 'warn', source: 'sandbox', message }),
    );
    this.finalSweep = sweepNewRepositoriesAfterRuns(this.bus, this.sandbox, this.workspace);
    this.confinedEnv = confinedEnv(this.config, env);
    this.redactedEvents = new RedactedEvents(this.bus, this.redactor);
    if (opts.onEvent) this.redactedEvents.subscribe('*', opts.onEvent);
    this.trace = opts.record === false ? null : new TraceWriter(this.store.pathOf(this.id)).attach(this.redactedEvents);
    this.telemetry = createSessionTelemetry({ config: this.config, env, sessionId: this.id, events: this.redactedEvents, bus: this.bus, parentTrace: opts.parentTrace, recordedTrace: recordedTraceOf(resumed?.events ?? []), mcp: () => this.mcp });
    this.approvalGate = createApprovalGate(opts, {
      config: this.config,
      workspace: this.workspace,
      paths: this.paths,
      bus: this.bus,
      redactor: this.redactor,
      sandbox: this.sandbox,
      tools: () => this.tools,
      shellState: () => this.bashShell?.state(),
    });
    const humanInput = opts.humanInput ? new RecordedHumanInput(opts.humanInput, this.bus) : undefined;
    this.tools = new ToolCollection(
      createBuiltinTools({
        workspace: this.workspace,
        home: this.paths.home,
        config: this.config,
        shell: () => this.shell(),
        redactor: this.redactor,
        sandbox: this.sandbox,
        env: this.confinedEnv,
        secrets: collectSecrets(this.config, env),
        deferredTools: () => this.exposure,
      }),
    );
    this.spend = new SpendGuard({
      bus: this.bus,
      paths: this.paths,
      limits: opts.maxUsd !== undefined ? { ...this.config.limits, sessionUsd: opts.maxUsd } : this.config.limits,
      prices: this.config.prices,
      prior: resumed?.events ?? [],
      ...(opts.askAtSpendLimit && humanInput ? { ask: humanInput } : {}),
    });
    this.steering = new SteerQueue(this.bus);
    this.exposure = mcpToolExposure(this.tools, this.config.agent ?? {}, () => this.mcp);
    this.runner = new ToolRunner({
      tools: this.tools,
      hooks: this.hooks,
      workspace: this.workspace,
      home: this.paths.home,
      bus: this.bus,
      approvals: opts.approvals ?? this.approvalGate ?? undefined,
      humanInput,
    });
    this.agent = createSessionAgent({
      config: this.config,
      workspace: this.workspace,
      bus: this.bus,
      runner: this.runner,
      redactor: this.redactor,
      exposure: this.exposure,
      spend: this.spend,
      steering: this.steering,
      llm: () => this.llm(),
      systemPromptOverride: this.forkOverrides.systemPrompt,
      systemMessages: () => [...this.systemMessageSources].flatMap((f) => f()),
      // A run waits for MCP servers still starting (`mcpInBackground`), and for the skill lists of servers that just connected.
      toolsPending: () => (this.mcpStarting ?? Promise.resolve()).then(() => this.skills.ready()),
      checkpoints: () => this.checkpoints,
    });
    if (resumed) this.agent.messages = conversationFromEvents(resumed.events);
    this.runs = new RunControl({
      agent: this.agent,
      prepare: () => {
        this.llm();
        this.skills.rescan(); // a skill folder added or edited since the last run counts
      },
      checkpoints: () => this.checkpoints,
      steering: this.steering,
      trace: () => this.telemetry.continues,
    });
    this.conversation = new ConversationRewind(this.bus, (m) => this.agent.replaceConversation(m), () => this.running, resumed?.events);
    const cpConfig = this.config.checkpoints ?? {};
    if ((opts.checkpoints && cpConfig.enabled !== false) || cpConfig.enabled === true) this.checkpoints = new SessionCheckpoints(this.bus, this.paths.home, this.workspace, cpConfig);
    ({ signIn: this.signIn, mcp: this.mcp } = createMcpClients({
      config: this.config,
      paths: this.paths,
      env,
      signIn: opts.signIn,
      tools: this.tools,
      bus: this.bus,
      workspace: this.workspace,
      humanInput,
      redactor: this.redactor,
      llm: () => this.llm(),
      telemetry: this.telemetry,
    }));
    this.addSystemMessages(() => this.mcp.instructionsForModel(this.forkOverrides.instructions));
    this.skills = new SkillCatalog(skillRoots(this.paths.home, this.workspace), skillsSection(this.config).disabled);
    this.addSystemMessages(() => this.skills.promptText());
    offerLoadSkill(this.skills, this.tools);
    this.skills.follow(this.mcp);
    this.extensions = new ExtensionRegistry({
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
    await session.telemetry.ready();
    if (opts.withExtensions !== false) {
      await session.extensions.loadAll();
      if (opts.watchExtensions) session.extensions.watch();
    }
    // After extensions, so name clashes resolve the same way every time (built-ins, extensions, MCP).
    if (opts.withMcp !== false) {
      const started = session.mcp.start({ cached: opts.mcpCached });
      if (!opts.mcpInBackground) await started;
      // connect() never rejects (a failure becomes the server's status), so nothing is lost here.
      else session.mcpStarting = started.catch(() => undefined).finally(() => (session.mcpStarting = null));
    }
    return session;
  }

  /** Settles when every MCP server has connected or failed (at once unless `mcpInBackground` is still starting them). */
  async mcpReady(): Promise<void> {
    await this.mcpStarting;
  }

  /** The model provider, resolved from config and env on first use. Throws ConfigError (exit 2). */
  llm(): LlmProvider {
    return this.model.llm();
  }

  /** Provider and model the next run uses; null when no model is configured. */
  modelInUse(): { provider: string; model: string; switched: boolean } | null {
    return this.model.inUse();
  }

  /**
   * Switches this session's model (other sessions and the config keep theirs). A run in progress
   * finishes on its model; the next one builds its provider anew. Recorded as `model_changed`, so
   * a resumed session continues with it. Throws Error for a refused name.
   */
  setModel(model: string): { provider: string; model: string } {
    const switched = this.model.switchModel(model);
    this.bus.emit({ type: 'model_changed', model: switched.model, provider: switched.provider });
    return switched;
  }

  /** A fork's model settings from now on (SessionModel.applyChange), recorded as `model_changed` like setModel. Throws Error with the reason. */
  applyModelChange(change: ModelChangeFields): ModelSettings {
    const to = this.model.applyChange(change);
    this.bus.emit({ type: 'model_changed', model: to.model, provider: to.api === 'anthropic' ? 'anthropic' : 'openai' });
    return to;
  }

  /** Adds a source of extra system text sent with every model request (MCP instructions); returns the remover. */
  addSystemMessages(source: () => string[]): () => void {
    this.systemMessageSources.add(source);
    return () => this.systemMessageSources.delete(source);
  }

  /** True while a run is in progress. */
  get running(): boolean {
    return this.runs.running;
  }

  /**
   * Sends the user's message: one agent run that continues the conversation. One run at a time
   * (throws if one is running). Throws ConfigError before starting when the model is not configured.
   */
  async send(text: string, opts: { maxSteps?: number } = {}): Promise<AgentRunResult> {
    return this.start(text, opts);
  }

  /** The last user message of the conversation, if any (what {@link retry} sends again). */
  lastTask(): string | null {
    return this.runs.lastTask();
  }

  /**
   * Runs the conversation again as it is, after a failed run: no user message is added, so the
   * last one goes to the model once, and a failed turn's empty assistant message is dropped.
   * Throws when there is nothing to retry or a run is going.
   */
  retry(opts: { maxSteps?: number } = {}): Promise<AgentRunResult> {
    return this.runs.retry(opts);
  }

  /**
   * Runs a fork on from its fork point (the conversation before it is this session's resumed
   * file): `run` says whether a user message starts it, the parent's turn that stands for its
   * first step, and how later calls are answered. One run at a time, like `send`.
   */
  async runFork(task: string, run: AgentRunOptions): Promise<AgentRunResult> {
    return this.start(task, run);
  }

  /** Runs a fork prepared on this session's file (`prepareFork`) on from its fork point: the window's *Fork from here…*. */
  fork(files: ForkFiles): Promise<AgentRunResult> {
    return startFork(this, files);
  }

  /**
   * Tools (and checkpoints) wait until `files` settles: a fork's copy of the workspace still
   * being written while its first model request goes out. When it fails, every tool call is
   * refused with why (the model hears it; nothing runs against a half-made copy).
   */
  holdToolsUntil(files: Promise<unknown>): void {
    holdToolsUntil({ hooks: this.hooks, checkpoints: this.checkpoints, bus: this.bus }, files);
  }

  /** A fork's lasting changes: the system prompt, or one MCP server's instructions, from now on. */
  applyForkOverride(change: { systemPrompt?: string; instructions?: { server: string; text: string } }): void {
    if (change.systemPrompt !== undefined) {
      this.forkOverrides.systemPrompt = change.systemPrompt;
      this.agent.setSystemPrompt(change.systemPrompt);
    }
    if (change.instructions) this.forkOverrides.instructions.set(change.instructions.server, change.instructions.text);
  }

  private start(text: string, opts: AgentRunOptions): Promise<AgentRunResult> {
    return this.runs.start(text, opts);
  }

  /** Cancels the running run (model stream and running tool) and waits until it has ended. */
  cancel(): Promise<void> {
    return this.runs.cancel();
  }

  /** The session's persistent shell: the bash tool runs in it, the UI terminal shows it. Started on first use. */
  shell(): BashShell {
    // Inside the OS sandbox and without the model and MCP secrets; the terminal pane shares it.
    this.bashShell ??= new BashShell({ cwd: this.workspace, env: this.confinedEnv, sandbox: this.sandbox });
    return this.bashShell;
  }

  /** Stops processes and connections the session holds. */
  async dispose(): Promise<void> {
    await this.cancel();
    await this.checkpoints?.settled();
    this.checkpoints?.dispose();
    this.conversation.dispose();
    this.agent.dispose();
    await this.extensions.dispose();
    await this.mcp.close();
    await this.tools.dispose();
    await this.bashShell?.dispose();
    this.finalSweep();
    this.sandbox.dispose();
    // The last spans leave before the process may exit (bounded: a dead collector costs seconds, not the run).
    await this.telemetry.dispose();
    this.trace?.close();
  }
}
