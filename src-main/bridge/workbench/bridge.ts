import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { ExtensionInfo } from '../../core/extensions/entry';
import { parseMcpImport } from '../../core/mcp/client/config-import';
import type { BridgeEndpoint } from '../endpoint';
import { BridgeError } from '../../../src-shared/contract/wire';
import { editsFromEvents } from './edit-records';
import { revertEdit } from './edit-revert';
import { undoSummary } from './edit-undo';
import { checkpointHandlers } from './checkpoint-methods';
import { McpPageService, type McpImportParser } from './mcp-page-service';
import { registerMcpInspector } from './mcp-inspector-bridge';
import { skillsRegistryHandlers, type SkillsRegistrySession } from './skills-registry-methods';
import { findRecordedCall, replayCall } from '../../core/replay/engine';
import { TerminalService } from './terminal-service';
import type { ExtensionView, TerminalState } from '../../../src-shared/contract/workbench-views';
import type { RecordedSession, RecordedToolCall, ReplayOutcome, ReplayRequest } from '../../../src-shared/contract/replay';
import type { CurrentSession } from '../current-session';
import type { OpenSession } from '../open-session';
import type { SessionPort } from '../session-port';

/** The extensions page's view of one extension (no module internals). */
export function toExtensionView(info: ExtensionInfo): ExtensionView {
  const v: ExtensionView = {
    name: info.name,
    version: info.version,
    folder: info.folder,
    origin: String(info.origin),
    status: info.status,
    errors: [...info.errors],
    registered: {
      tools: [...info.tools],
      rejectedTools: info.rejectedTools.map((r) => ({ name: r.name, keptBy: String(r.keptBy) })),
      beforeHooks: info.hooks.before,
      afterHooks: info.hooks.after,
      subscriptions: [...info.subscriptions],
    },
  };
  if (info.description) v.description = info.description;
  if (info.reason) v.reason = info.reason;
  return v;
}

/** Reads saved sessions (SessionStore); throws when there is no such session. */
export interface SavedSessionReader {
  load(id: string): { events: GlassboxEvent[]; skipped: number };
}

export interface WorkbenchBridgeOptions {
  host: BridgeEndpoint;
  /** The owner of the open session the panes follow. */
  current: CurrentSession;
  sessions: SavedSessionReader;
  /** Parses pasted/uploaded MCP configs (Claude Desktop, Cursor, VS Code, .mcp.json). */
  parseMcpImport?: McpImportParser;
  /** The environment `${env:…}` references expand from (to scrub what they expand to). */
  env?: NodeJS.ProcessEnv;
}

/** A copy of the agent's state that is idle and owned by nobody: used before a shell exists. */
const NO_SHELL: TerminalState = { owner: 'agent', busy: false, alive: false, held: 0 };

/**
 * Implements the workbench namespaces of the contract (edits, terminal, MCP, replay, timeline,
 * extensions) over the current session: it follows CurrentSession and reads the OpenSession's
 * events and call index directly.
 */
export class WorkbenchBridge {
  private open: OpenSession | null = null;
  private terminal: TerminalService | null = null;
  private offBus: (() => void) | null = null;
  private readonly offHandlers: () => void;
  private readonly offSwitch: () => void;
  private readonly offInspector: () => void;

  /** The current core session, or null. */
  private get session(): SessionPort | null {
    return this.open?.core ?? null;
  }

  constructor(private readonly opts: WorkbenchBridgeOptions) {
    const { host } = opts;
    this.offHandlers = host.registerAll({
      'edits.list': () => editsFromEvents(this.open?.events ?? []),
      'edits.undo': async (path) => {
        const s = this.require();
        // The user's click: no approval dialog, recorded as their action (origin: 'user').
        const { result } = await s.runner.run({ tool: 'str_replace_editor', args: { command: 'undo_edit', path }, origin: 'user' });
        return undoSummary(result, path, s.runner.workspace);
      },
      'edits.revert': (callId) => revertEdit(this.require(), this.open?.events ?? [], callId),
      ...checkpointHandlers(() => this.session),
      'terminal.attach': async () => {
        const t = this.terminalService();
        if (!t) return { recent: '', state: NO_SHELL };
        return t.attach();
      },
      'terminal.write': (data) => this.terminalService()?.write(data) ?? { ok: false, reason: 'No shell in this session.', state: NO_SHELL },
      'terminal.resize': (cols, rows) => {
        this.terminalService()?.resize(cols, rows);
        return { ok: true };
      },
      'terminal.takeOver': () => this.terminalService()?.takeOver() ?? { ok: false, reason: 'No shell in this session.', state: NO_SHELL },
      'terminal.release': () => this.terminalService()?.release() ?? { ok: true, state: NO_SHELL },
      'replay.prepare': (callId, sessionId) => {
        const call = this.recordedCall(callId, sessionId);
        if (!call) throw new BridgeError('NOT_FOUND', `No call ${callId} in ${sessionId ? `session ${sessionId}` : 'this session'}.`);
        const tool = this.session?.tools.get(call.tool);
        return { call, schema: tool ? tool.inputSchema : null };
      },
      'replay.run': (request) => this.replay(request),
      'timeline.load': (sessionId) => this.loadSession(sessionId),
      'mcp.snapshot': () => this.mcpPage()?.snapshot() ?? { servers: [], instructionsForModel: [] },
      'mcp.add': (id, config) => this.mcpPage(true).add(id, config),
      'mcp.update': (id, config) => this.mcpPage(true).update(id, config),
      'mcp.remove': (id) => this.mcpPage(true).remove(id),
      'mcp.setEnabled': (id, enabled) => this.mcpPage(true).setEnabled(id, enabled),
      'mcp.restart': (id) => this.mcpPage(true).restart(id),
      'mcp.setToolEnabled': (id, tool, enabled) => this.mcpPage(true).setToolEnabled(id, tool, enabled),
      'mcp.setIncludeInstructions': (id, include) => this.mcpPage(true).setIncludeInstructions(id, include),
      'mcp.import': (text) => this.mcpPage(true).import(text),
      'mcp.signIn': (id) => this.mcpPage(true).signIn(id),
      'mcp.signOut': (id) => this.mcpPage(true).signOut(id),
      ...skillsRegistryHandlers(() => this.session as (SessionPort & SkillsRegistrySession) | null, () => this.mcpPage(true), opts.env ?? process.env),
      'extensions.list': () => (this.session?.extensions?.list() ?? []).map(toExtensionView),
      'extensions.reload': async (name) => {
        const ext = this.require().extensions;
        if (!ext) return [];
        if (name && !ext.list().some((e) => e.name === name)) throw new BridgeError('NOT_FOUND', `No extension named ${name}.`);
        return (await ext.reload(name)).map(toExtensionView);
      },
    });
    this.offSwitch = opts.current.onSwitch((open) => this.follow(open));
    this.offInspector = registerMcpInspector(host, opts.current, opts.env ?? process.env);
  }

  /** Follows a new current session (or none). */
  private follow(open: OpenSession | null): void {
    if (open === this.open) return;
    this.offBus?.();
    this.offBus = null;
    this.terminal?.dispose();
    this.terminal = null;
    this.open = open;
    const session = open?.core;
    if (!session) {
      this.opts.host.emit('terminal.state', NO_SHELL);
      return;
    }
    // When the agent (re)starts its shell, the terminal joins it without waiting for an attach.
    const offBash = session.bus.subscribe('tool_execution_start', (e) => {
      if (e.tool === 'bash') void this.adoptShell(session);
    });
    const offExt = session.extensions?.onChange(() =>
      this.opts.host.emit('extensions.changed', (session.extensions?.list() ?? []).map(toExtensionView)),
    );
    const offMcp = session.mcp?.onChange(() => {
      const page = this.mcpPage();
      if (page) this.opts.host.emit('mcp.changed', page.snapshot());
    });
    this.offBus = () => {
      offBash();
      offExt?.();
      offMcp?.();
    };
    this.opts.host.emit('extensions.changed', (session.extensions?.list() ?? []).map(toExtensionView));
    // Each session has its own MCP connections: the servers page follows.
    const page = this.mcpPage();
    if (page) this.opts.host.emit('mcp.changed', page.snapshot());
    this.opts.host.emit('terminal.state', NO_SHELL);
  }

  /** Unregisters the handlers and detaches from the session. */
  dispose(): void {
    this.offSwitch();
    this.follow(null);
    this.offHandlers();
    this.offInspector();
  }

  private require(): SessionPort {
    if (!this.session) throw new BridgeError('FAILED', 'No session is open.');
    return this.session;
  }

  private mcpPage(required: true): McpPageService;
  private mcpPage(required?: false): McpPageService | null;
  private mcpPage(required = false): McpPageService | null {
    const mcp = this.session?.mcp;
    if (!mcp) {
      if (required) throw new BridgeError('FAILED', 'MCP servers are not available in this session.');
      return null;
    }
    return new McpPageService(
      mcp,
      this.opts.env ?? process.env,
      this.opts.parseMcpImport ?? ((text) => parseMcpImport(text, 'the imported config').servers),
      this.session?.signIn,
      this.open?.id,
    );
  }

  private terminalService(): TerminalService | null {
    const s = this.session;
    if (!s || !s.shell) return null;
    this.terminal ??= new TerminalService(
      () => s.shell!(),
      {
        data: (d) => this.opts.host.emit('terminal.data', d),
        state: (st) => this.opts.host.emit('terminal.state', st),
      },
      s.redactor,
    );
    return this.terminal;
  }

  private async adoptShell(session: SessionPort): Promise<void> {
    const t = this.terminalService();
    if (!t || !session.shell) return;
    try {
      t.adopt(await session.shell());
    } catch {
      // The bash tool reports its own start failures; the pane shows "not running".
    }
  }

  /** A recorded call of the live session (its call index) or of a saved one (read from its file). */
  private recordedCall(callId: string, sessionId: string | undefined): RecordedToolCall | null {
    if (!sessionId || sessionId === this.open?.id) return this.open?.recordedCall(callId) ?? null;
    return findRecordedCall(this.readSaved(sessionId).events, callId);
  }

  private readSaved(sessionId: string): { events: GlassboxEvent[]; skipped: number } {
    try {
      return this.opts.sessions.load(sessionId);
    } catch {
      throw new BridgeError('NOT_FOUND', `No saved session ${sessionId}.`);
    }
  }

  private loadSession(sessionId: string): RecordedSession {
    if (this.open && sessionId === this.open.id) return { id: sessionId, events: this.open.snapshot().events, skipped: 0 };
    const { events, skipped } = this.readSaved(sessionId);
    return { id: sessionId, events, skipped };
  }

  /**
   * Re-runs a recorded call through the tool path with `replayOf`, so the replay is recorded in
   * the live session as such. Args are checked against the tool's schema first; a violation is
   * refused (BAD_ARGS) rather than recorded as a failed replay.
   */
  private async replay(req: ReplayRequest): Promise<ReplayOutcome> {
    const s = this.require();
    const call = this.recordedCall(req.callId, req.sessionId);
    if (!call) throw new BridgeError('NOT_FOUND', `No call ${req.callId} to replay.`);
    const args = req.args === undefined ? call.args : req.args;
    await s.mcpReady?.(); // an MCP tool joins the table when its server has connected
    const checked = s.tools.check(call.tool, args);
    if ('error' in checked) throw new BridgeError('BAD_ARGS', checked.error.error ?? 'invalid arguments');
    const outcome = await replayCall(s, call, checked.args, undefined, 'user');
    // The outcome carries the results themselves, not events: hide the session's secrets in it.
    return s.redactor?.active ? s.redactor.redactValue(outcome) : outcome;
  }
}
