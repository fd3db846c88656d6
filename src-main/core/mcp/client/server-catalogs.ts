import type { GetPromptResult, Prompt, ReadResourceResult, Resource, ResourceTemplateType } from '@modelcontextprotocol/client';
import type { EventBus } from '../../events/event-bus';
import type { McpEntry } from './manager-types';
import {
  complete,
  getPrompt,
  listPrompts,
  listResources,
  listResourceTemplates,
  promptAttachment,
  readResource,
  resourceAttachment,
  type CompletionRef,
  type McpAttachment,
} from './catalog-requests';
import type { McpServerConnection } from './connection';

/**
 * Resources, prompts and completions of the manager's servers, by server id: what the MCP
 * pane browses, what the composer completes (`/server:prompt` arguments, template variables)
 * and attaches to the next message. Lists are asked of the server when wanted (nothing is
 * listed at connect, so a session start costs no extra round trips); the counts on the status
 * are those of the last listing, and a server's `list_changed` re-lists what was listed.
 */
export class McpServerCatalogs {
  constructor(
    private readonly entry: (id: string) => McpEntry | undefined,
    private readonly bus: EventBus,
    private readonly changed: () => void,
  ) {}

  private conn(id: string): { entry: McpEntry; conn: McpServerConnection } {
    const entry = this.entry(id);
    if (!entry) throw new Error(`no MCP server '${id}' is configured`);
    if (!entry.connection) throw new Error(`MCP server '${id}' is not connected (status ${entry.config.disabled ? 'disabled' : 'disconnected'})`);
    return { entry, conn: entry.connection };
  }

  private count(entry: McpEntry, key: 'resources' | 'templates' | 'prompts', n: number): void {
    entry.catalog = { ...entry.catalog, [key]: n };
    this.changed();
  }

  async resources(id: string): Promise<Resource[]> {
    const { entry, conn } = this.conn(id);
    const list = await listResources(conn);
    this.count(entry, 'resources', list.length);
    return list;
  }

  async resourceTemplates(id: string): Promise<ResourceTemplateType[]> {
    const { entry, conn } = this.conn(id);
    const list = await listResourceTemplates(conn);
    this.count(entry, 'templates', list.length);
    return list;
  }

  async prompts(id: string): Promise<Prompt[]> {
    const { entry, conn } = this.conn(id);
    const list = await listPrompts(conn);
    this.count(entry, 'prompts', list.length);
    return list;
  }

  readResource(id: string, uri: string): Promise<ReadResourceResult> {
    return readResource(this.conn(id).conn, uri);
  }

  getPrompt(id: string, name: string, args: Record<string, string> = {}): Promise<GetPromptResult> {
    return getPrompt(this.conn(id).conn, name, args);
  }

  /** Suggestions for a prompt argument or a template variable (what the user typed so far in `value`). */
  complete(id: string, ref: CompletionRef, argument: { name: string; value: string }, context: Record<string, string> = {}): Promise<{ values: string[]; total?: number; hasMore?: boolean }> {
    return complete(this.conn(id).conn, ref, argument, context);
  }

  /** A prompt's messages, ready to go in front of the next user message. */
  async promptAttachment(id: string, name: string, args: Record<string, string> = {}): Promise<McpAttachment> {
    return promptAttachment(id, name, await this.getPrompt(id, name, args));
  }

  /** A resource's contents, ready to go in front of the next user message. */
  async resourceAttachment(id: string, uri: string): Promise<McpAttachment> {
    return resourceAttachment(id, uri, await this.readResource(id, uri));
  }

  /** Watches a resource: each change is an `mcp_resource_updated` event. */
  subscribe(id: string, uri: string): Promise<void> {
    const { entry, conn } = this.conn(id);
    return entry.subscriptions.subscribe(conn, uri);
  }

  unsubscribe(id: string, uri: string): Promise<void> {
    const { entry, conn } = this.conn(id);
    return entry.subscriptions.unsubscribe(conn, uri);
  }

  /** The resources watched on a server. */
  subscriptions(id: string): string[] {
    return this.entry(id)?.subscriptions.list() ?? [];
  }

  /** Lists resources, templates and prompts of every connected server (for counts, e.g. `mcp list`). */
  async loadCounts(ids: string[]): Promise<void> {
    await Promise.all(
      ids.map(async (id) => {
        const entry = this.entry(id);
        if (entry?.connection?.status !== 'connected') return;
        await Promise.all([this.resources(id), this.resourceTemplates(id), this.prompts(id)]).catch((err: unknown) => this.warn(id, `listing resources and prompts failed: ${(err as Error).message}`));
      }),
    );
  }

  /** The server says its resource or prompt list changed: re-list what was listed before. */
  listChanged(id: string, what: 'resources' | 'prompts'): void {
    const entry = this.entry(id);
    if (!entry?.catalog) return this.changed();
    const again = what === 'prompts' ? (entry.catalog.prompts !== undefined ? [this.prompts(id)] : []) : [this.resources(id), this.resourceTemplates(id)];
    void Promise.all(again).catch((err: unknown) => this.warn(id, `re-listing ${what} after list_changed failed: ${(err as Error).message}`));
  }

  private warn(id: string, message: string): void {
    this.bus.emit({ type: 'log', level: 'warn', source: `mcp:${id}`, message });
  }
}
