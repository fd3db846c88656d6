import type { McpServerConfig } from '../../core/config/config';
import { serverSecrets } from '../../core/secrets/config-secrets';
import { SecretRedactor } from '../../core/secrets/redactor';
import type { McpServerStatus } from '../../core/mcp/client/server-status';
import { maskServerConfig, unmaskServerConfig } from '../../core/secrets/mask';
import type { SignInStatus } from '../../core/mcp/client/oauth/sign-in-status';
import { signOutLine, type Revocation } from '../../core/mcp/client/oauth/revoke-tokens';
import type {
  McpActionResult,
  McpServerView,
  McpSnapshot,
  ServerConfigInput,
} from '../../../src-shared/contract/workbench-views';

/** What the servers page needs from the session's MCP servers (McpManager satisfies it). */
export interface McpPort {
  servers(): McpServerStatus[];
  instructionsForModel(): string[];
  onChange(fn: () => void): () => void;
  add(id: string, config: McpServerConfig): Promise<unknown>;
  update(id: string, config: McpServerConfig): Promise<unknown>;
  remove(id: string): Promise<unknown>;
  enable(id: string): Promise<unknown>;
  disable(id: string): Promise<unknown>;
  restart(id: string): Promise<unknown>;
  setToolEnabled(id: string, tool: string, enabled: boolean): unknown;
}

/** OAuth sign-in to the session's remote servers (McpSignIn satisfies it). */
export interface McpSignInPort {
  login(id: string, config: McpServerConfig): Promise<'signed-in' | 'not-needed'>;
  logout(id: string, config?: McpServerConfig): Promise<{ forgotten: boolean; revocation: Revocation }>;
  status(id: string, config: McpServerConfig): SignInStatus;
  /** False for servers that do not sign in (stdio, or their own Authorization header). */
  applies(config: McpServerConfig): boolean;
}

/** Parses an imported Claude Desktop / Cursor / VS Code / .mcp.json text into server configs. */
export type McpImportParser = (text: string) => Record<string, McpServerConfig>;

/**
 * What hides the servers' secrets from the page: every server's serverSecrets (literal env and
 * header values, what their references expand to — a server may print its token in stderr).
 */
export function pageRedactor(configs: Record<string, McpServerConfig>, env: NodeJS.ProcessEnv): SecretRedactor {
  return new SecretRedactor(Object.values(configs).flatMap((c) => serverSecrets(c, env)));
}

/** The page's view of the servers: configs masked, secrets scrubbed from every text. Pure. */
export function toMcpSnapshot(servers: McpServerStatus[], instructions: string[], env: NodeJS.ProcessEnv, signIn?: McpSignInPort, session?: string): McpSnapshot {
  const redactor = pageRedactor(Object.fromEntries(servers.map((s) => [s.id, s.config])), env);
  const scrub = (t: string): string => redactor.redact(t);
  const views: McpServerView[] = servers.map((s) => {
    const v: McpServerView = {
      id: s.id,
      status: s.status,
      transport: s.transport,
      disabled: s.disabled,
      builtIn: s.builtIn,
      toolCount: s.toolCount,
      stderrTail: s.stderrTail.map(scrub),
      tools: s.tools.map((t) => ({
        name: t.name,
        originalName: t.originalName,
        description: t.description,
        inputSchema: t.inputSchema,
        enabled: t.enabled,
        registered: t.registered,
      })),
      includeInstructions: s.includeInstructions,
      config: maskServerConfig(s.config),
    };
    if (s.protocolVersion !== undefined) v.protocolVersion = s.protocolVersion;
    if (s.startOn === 'first-use') v.startOn = 'first-use';
    if (s.config.logLevel) v.logLevel = s.config.logLevel;
    if (s.instructions !== undefined) v.instructions = s.instructions;
    if (s.lastError !== undefined) v.lastError = scrub(s.lastError);
    if (s.whyFailed !== undefined) v.whyFailed = scrub(s.whyFailed);
    if (signIn?.applies(s.config)) v.signIn = signIn.status(s.id, s.config);
    return v;
  });
  return { ...(session !== undefined ? { session } : {}), servers: views, instructionsForModel: instructions.map(scrub) };
}

/**
 * The servers page over the session's MCP servers. Every action answers with a fresh snapshot;
 * a failure is an answer too (`ok: false` with the reason), so the page can show it in place.
 */
export class McpPageService {
  constructor(
    private readonly mcp: McpPort,
    private readonly env: NodeJS.ProcessEnv,
    private readonly parseImport?: McpImportParser,
    private readonly signInPort?: McpSignInPort,
    /** The session these servers belong to, named in every snapshot. */
    private readonly session?: string,
  ) {}

  snapshot(): McpSnapshot {
    return toMcpSnapshot(this.mcp.servers(), this.mcp.instructionsForModel(), this.env, this.signInPort, this.session);
  }

  /** Signs in to a remote server in the system browser (waits for the redirect), then reconnects it. */
  signIn(id: string): Promise<McpActionResult> {
    return this.act(async () => {
      const { port, config } = this.signInTarget(id);
      await port.login(id, config);
      await this.mcp.restart(id);
    });
  }

  /** Revokes and forgets a server's sign-in, then reconnects it (it shows needs-sign-in again). */
  signOut(id: string): Promise<McpActionResult> {
    return this.act(async () => {
      const { port, config } = this.signInTarget(id);
      const { forgotten, revocation } = await port.logout(id, config);
      await this.mcp.restart(id);
      return signOutLine(id, forgotten, revocation);
    });
  }

  private signInTarget(id: string): { port: McpSignInPort; config: McpServerConfig } {
    const config = this.stored(id);
    if (!config) throw new Error(`No server '${id}'.`);
    if (!this.signInPort) throw new Error('Sign-in is not available in this host.');
    if (!this.signInPort.applies(config)) throw new Error(`'${id}' does not sign in: only HTTP and SSE servers without their own Authorization header do.`);
    return { port: this.signInPort, config };
  }

  add(id: string, input: ServerConfigInput): Promise<McpActionResult> {
    return this.act(async () => {
      if (this.stored(id)) throw new Error(`A server '${id}' already exists.`);
      const r = unmaskServerConfig(input, undefined);
      if (!r.ok) throw new Error(r.reason);
      await this.mcp.add(id, r.config);
    });
  }

  update(id: string, input: ServerConfigInput): Promise<McpActionResult> {
    return this.act(async () => {
      const stored = this.stored(id);
      if (!stored) throw new Error(`No server '${id}'.`);
      const r = unmaskServerConfig(input, stored);
      if (!r.ok) throw new Error(r.reason);
      await this.mcp.update(id, r.config);
    });
  }

  remove(id: string): Promise<McpActionResult> {
    return this.act(() => this.mcp.remove(id));
  }

  setEnabled(id: string, enabled: boolean): Promise<McpActionResult> {
    return this.act(() => (enabled ? this.mcp.enable(id) : this.mcp.disable(id)));
  }

  restart(id: string): Promise<McpActionResult> {
    return this.act(() => this.mcp.restart(id));
  }

  setToolEnabled(id: string, tool: string, enabled: boolean): Promise<McpActionResult> {
    return this.act(async () => {
      await this.mcp.setToolEnabled(id, tool, enabled);
    });
  }

  /** Switches whether a server's instructions go to the model (saved; the server is reconnected). */
  setIncludeInstructions(id: string, include: boolean): Promise<McpActionResult> {
    return this.act(async () => {
      const stored = this.stored(id);
      if (!stored) throw new Error(`No server '${id}'.`);
      const next = { ...stored };
      if (include) delete next.includeInstructions;
      else next.includeInstructions = false;
      await this.mcp.update(id, next);
    });
  }

  /** Imports a pasted or uploaded config: new ids are added, existing ones replaced. */
  import(text: string): Promise<McpActionResult> {
    return this.act(async () => {
      if (!this.parseImport) throw new Error('Import is not available in this host.');
      const servers = this.parseImport(text);
      const ids = Object.keys(servers);
      if (!ids.length) throw new Error('No servers found: expected "mcpServers" (Claude Desktop, Cursor) or "servers" (VS Code).');
      const failures: string[] = [];
      for (const id of ids) {
        try {
          if (this.stored(id)) await this.mcp.update(id, servers[id]!);
          else await this.mcp.add(id, servers[id]!);
        } catch (err) {
          failures.push(`${id}: ${(err as Error).message}`);
        }
      }
      if (failures.length) throw new Error(`Some servers were not imported:\n${failures.join('\n')}`);
    });
  }

  private stored(id: string): McpServerConfig | undefined {
    return this.mcp.servers().find((s) => s.id === id)?.config;
  }

  /** Runs a pane action; a string it returns is the note the pane shows. */
  private async act(fn: () => Promise<unknown> | unknown): Promise<McpActionResult> {
    try {
      const note = await fn();
      return { ok: true, snapshot: this.snapshot(), ...(typeof note === 'string' ? { note } : {}) };
    } catch (err) {
      const redactor = pageRedactor(Object.fromEntries(this.mcp.servers().map((s) => [s.id, s.config])), this.env);
      return { ok: false, error: redactor.redact(err instanceof Error ? err.message : String(err)), snapshot: this.snapshot() };
    }
  }
}
