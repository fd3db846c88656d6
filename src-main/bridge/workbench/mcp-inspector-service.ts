import type { McpServerStatus } from '../../core/mcp/client/server-status';
import type { McpServerCatalogs } from '../../core/mcp/client/server-catalogs';
import type { McpTrafficEntry } from '../../core/mcp/client/traffic-log';
import { SecretRedactor } from '../../core/secrets/redactor';
import type { ToolRunner } from '../../core/tools/tool-runner';
import { resultToModelText } from '../../../src-shared/events/tool-result';
import { BridgeError } from '../../../src-shared/contract/wire';
import type {
  McpCompletionRef,
  McpCompletionView,
  McpLogLevel,
  McpPromptResultView,
  McpPromptView,
  McpResourceContentView,
  McpResourcesView,
  McpToolCallView,
  McpTrafficView,
} from '../../../src-shared/contract/mcp-inspector-views';
import { pageRedactor } from './mcp-page-service';

/** What the inspector needs of the session's MCP servers (McpManager satisfies it). */
export interface McpInspectorPort {
  servers(): McpServerStatus[];
  readonly catalog: Pick<
    McpServerCatalogs,
    'resources' | 'resourceTemplates' | 'prompts' | 'readResource' | 'getPrompt' | 'complete' | 'subscribe' | 'unsubscribe' | 'subscriptions' | 'resourceAttachment' | 'promptAttachment'
  >;
  traffic(id: string, after?: number): McpTrafficEntry[];
  /** Saved to the user config and applied to the live connection. */
  setLogLevel(id: string, level: string | undefined): Promise<unknown>;
  connection(id: string): { sdkClient?: { getServerCapabilities(): { resources?: { subscribe?: boolean } } | undefined } } | undefined;
}

/** True when the session's MCP object offers the inspector's calls (McpManager does; test fakes may not). */
export function isInspectorPort(mcp: unknown): mcp is McpInspectorPort {
  const m = mcp as Partial<McpInspectorPort> | undefined;
  return !!m && typeof m.traffic === 'function' && typeof m.connection === 'function' && typeof m.setLogLevel === 'function' && typeof m.catalog === 'object';
}

/** What a hand call needs of the session: its tool path and, before it, its servers ready. */
export interface InspectorSession {
  runner: Pick<ToolRunner, 'run'>;
  redactor?: SecretRedactor;
  mcpReady?(): Promise<void>;
}

const TEXT_SHOWN = 1_000_000;

function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(/\{[+#./;?&]?([^}]+)\}/g)) for (const part of m[1]!.split(',')) names.push(part.replace(/[:*].*$/, '').trim());
  return [...new Set(names.filter(Boolean))];
}

function blockText(block: unknown): string {
  const b = block as { type?: string; text?: string; mimeType?: string; resource?: { uri?: string; text?: string; mimeType?: string }; uri?: string; name?: string };
  if (b?.type === 'text' && typeof b.text === 'string') return b.text;
  if (b?.type === 'resource' && b.resource) return typeof b.resource.text === 'string' ? b.resource.text : `[resource ${b.resource.uri ?? ''} ${b.resource.mimeType ?? ''}]`;
  if (b?.type === 'resource_link') return `[resource ${b.name ?? ''} ${b.uri ?? ''}]`;
  if (b?.type) return `[${b.type}${b.mimeType ? ` ${b.mimeType}` : ''}]`;
  return '';
}

/**
 * The MCP pane's inspector of one server over the session's MCP manager: resources (read,
 * watch), templates, prompts, completions, a tool called by hand through the session's tool
 * path, the traffic log and the log level. Everything it answers is shown to the page, so it
 * goes through the page's secret scrub (config env and header values, what `${env:…}` expands
 * to) and the session's redactor (keys) first.
 */
export class McpInspectorService {
  constructor(
    private readonly mcp: McpInspectorPort,
    private readonly session: InspectorSession,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  private shown<T>(value: T): T {
    let v = pageRedactor(Object.fromEntries(this.mcp.servers().map((s) => [s.id, s.config])), this.env).redactValue(value);
    if (this.session.redactor?.active) v = this.session.redactor.redactValue(v);
    return v;
  }

  private server(id: string): McpServerStatus {
    const s = this.mcp.servers().find((x) => x.id === id);
    if (!s) throw new BridgeError('NOT_FOUND', `No MCP server '${id}'.`);
    return s;
  }

  private async guard<T>(id: string, fn: () => Promise<T>): Promise<T> {
    this.server(id);
    try {
      return await fn();
    } catch (err) {
      if (err instanceof BridgeError) throw err;
      throw new BridgeError('FAILED', this.shown(err instanceof Error ? err.message : String(err)));
    }
  }

  async resources(id: string): Promise<McpResourcesView> {
    return this.guard(id, async () => {
      const [resources, templates] = await Promise.all([this.mcp.catalog.resources(id), this.mcp.catalog.resourceTemplates(id)]);
      const view: McpResourcesView = {
        resources: resources.map((r) => ({
          uri: r.uri,
          name: r.name,
          ...(r.title ? { title: r.title } : {}),
          ...(r.description ? { description: r.description } : {}),
          ...(r.mimeType ? { mimeType: r.mimeType } : {}),
          ...(typeof r.size === 'number' ? { size: r.size } : {}),
        })),
        templates: templates.map((t) => ({
          uriTemplate: t.uriTemplate,
          name: t.name,
          ...(t.title ? { title: t.title } : {}),
          ...(t.description ? { description: t.description } : {}),
          ...(t.mimeType ? { mimeType: t.mimeType } : {}),
          variables: templateVariables(t.uriTemplate),
        })),
        subscriptions: this.mcp.catalog.subscriptions(id),
        canSubscribe: this.mcp.connection(id)?.sdkClient?.getServerCapabilities()?.resources?.subscribe === true,
      };
      return this.shown(view);
    });
  }

  async readResource(id: string, uri: string): Promise<McpResourceContentView[]> {
    return this.guard(id, async () => {
      const r = await this.mcp.catalog.readResource(id, uri);
      const out: McpResourceContentView[] = r.contents.map((c) => {
        const x = c as { uri: string; mimeType?: string; text?: string; blob?: string };
        const v: McpResourceContentView = { uri: x.uri, ...(x.mimeType ? { mimeType: x.mimeType } : {}) };
        if (typeof x.text === 'string') v.text = x.text.length > TEXT_SHOWN ? `${x.text.slice(0, TEXT_SHOWN)}\n… (${x.text.length - TEXT_SHOWN} more characters)` : x.text;
        else if (typeof x.blob === 'string') {
          const bytes = Math.floor((x.blob.replace(/=+$/, '').length * 3) / 4);
          // Only raster images are shown (never SVG: it can carry script); other blobs by size.
          const image = /^image\/(png|jpeg|gif|webp)$/i.test(x.mimeType ?? '') && x.blob.length <= 8_000_000;
          v.blob = { bytes, ...(image ? { imageData: x.blob } : {}) };
        }
        return v;
      });
      return this.shown(out);
    });
  }

  async subscribe(id: string, uri: string, on: boolean): Promise<string[]> {
    return this.guard(id, async () => {
      if (on) await this.mcp.catalog.subscribe(id, uri);
      else await this.mcp.catalog.unsubscribe(id, uri);
      return this.shown(this.mcp.catalog.subscriptions(id));
    });
  }

  async prompts(id: string): Promise<McpPromptView[]> {
    return this.guard(id, async () => {
      const list = await this.mcp.catalog.prompts(id);
      return this.shown(
        list.map((p) => ({
          name: p.name,
          ...(p.title ? { title: p.title } : {}),
          ...(p.description ? { description: p.description } : {}),
          arguments: (p.arguments ?? []).map((a) => ({ name: a.name, ...(a.description ? { description: a.description } : {}), ...(a.required ? { required: true } : {}) })),
        })),
      );
    });
  }

  async getPrompt(id: string, name: string, args: Record<string, string>): Promise<McpPromptResultView> {
    return this.guard(id, async () => {
      const r = await this.mcp.catalog.getPrompt(id, name, args);
      return this.shown({ ...(r.description ? { description: r.description } : {}), messages: r.messages.map((m) => ({ role: m.role, text: blockText(m.content), content: m.content })) });
    });
  }

  async complete(id: string, ref: McpCompletionRef, argument: string, value: string, context?: Record<string, string>): Promise<McpCompletionView> {
    // `ref` and `context` were parsed at the edge (McpCompletionRefSchema: only the known fields).
    return this.guard(id, async () => this.shown(await this.mcp.catalog.complete(id, ref, { name: argument, value }, context ?? {})));
  }

  /**
   * Calls a server's tool (by the server's own name) through the session's tool path: the same
   * validation, hooks, approvals and events as the model's calls, so it is recorded in the
   * session and its exchange is in the traffic. Answers what the model would have seen.
   */
  async callTool(id: string, tool: string, args: Record<string, unknown>): Promise<McpToolCallView> {
    await this.session.mcpReady?.();
    const t = this.server(id).tools.find((x) => x.originalName === tool);
    if (!t) throw new BridgeError('NOT_FOUND', `MCP server '${id}' has no tool '${tool}'.`);
    if (!t.enabled) throw new BridgeError('FAILED', `The tool '${tool}' is switched off: switch it on to call it.`);
    if (!t.registered) throw new BridgeError('FAILED', `The tool '${tool}' is not callable: its name '${t.name}' is taken by another tool.`);
    // Called by hand from the window: the user's own action (no approval dialog, recorded as theirs).
    const { callId, result } = await this.session.runner.run({ tool: t.name, args, origin: 'user' });
    return this.shown({ callId, text: resultToModelText(result), isError: !!result.error, images: result.images ?? [] });
  }

  traffic(id: string, after?: number): McpTrafficView[] {
    this.server(id);
    return this.shown(this.mcp.traffic(id, after ?? 0) as McpTrafficView[]);
  }

  async setLogLevel(id: string, level: McpLogLevel | undefined): Promise<{ ok: true }> {
    return this.guard(id, async () => {
      await this.mcp.setLogLevel(id, level);
      return { ok: true as const };
    });
  }
}
