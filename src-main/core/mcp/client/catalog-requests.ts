import type { Client, GetPromptResult, Prompt, ReadResourceResult, Resource, ResourceTemplateType } from '@modelcontextprotocol/client';
import type { ToolImage } from '../../../../src-shared/events/tool-result';
import type { McpServerConnection } from './connection';

/** What a completion completes: a prompt's argument or a resource template's variable. */
export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

/** Text and images to put in front of the next user message. */
export interface McpAttachment {
  /** Where it came from, e.g. `everything:resource test://static/resource/1`. */
  label: string;
  text: string;
  images: ToolImage[];
}

function clientOf(conn: McpServerConnection): Client {
  const client = conn.sdkClient;
  if (!client || conn.status !== 'connected') throw new Error(`MCP server '${conn.id}' is not connected (status ${conn.status})`);
  return client;
}

function opts(conn: McpServerConnection) {
  return { timeout: conn.timeoutMs };
}

/** A catalog request (no tool call: its traffic and any input round belong to none). */
function detached<T>(conn: McpServerConnection, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = clientOf(conn);
  return fn(client);
}

/** The server's resources, every page (empty when it offers none). */
export function listResources(conn: McpServerConnection): Promise<Resource[]> {
  if (!clientOf(conn).getServerCapabilities()?.resources) return Promise.resolve([]);
  return detached(conn, async (c) => (await c.listResources(undefined, opts(conn))).resources);
}

/** The server's resource templates (URI templates with variables). */
export function listResourceTemplates(conn: McpServerConnection): Promise<ResourceTemplateType[]> {
  if (!clientOf(conn).getServerCapabilities()?.resources) return Promise.resolve([]);
  return detached(conn, async (c) => (await c.listResourceTemplates(undefined, opts(conn))).resourceTemplates);
}

/** Reads one resource (text or blob contents). */
export function readResource(conn: McpServerConnection, uri: string): Promise<ReadResourceResult> {
  return detached(conn, (c) => c.readResource({ uri }, opts(conn)));
}

/** The server's prompts (empty when it offers none). */
export function listPrompts(conn: McpServerConnection): Promise<Prompt[]> {
  if (!clientOf(conn).getServerCapabilities()?.prompts) return Promise.resolve([]);
  return detached(conn, async (c) => (await c.listPrompts(undefined, opts(conn))).prompts);
}

/** A prompt's messages with its arguments filled in. */
export function getPrompt(conn: McpServerConnection, name: string, args: Record<string, string> = {}): Promise<GetPromptResult> {
  return detached(conn, (c) => c.getPrompt({ name, arguments: args }, opts(conn)));
}

/**
 * Suggestions for one argument of a prompt or resource template, given what the user typed
 * and the arguments already chosen. Empty when the server does not complete.
 */
export async function complete(conn: McpServerConnection, ref: CompletionRef, argument: { name: string; value: string }, context: Record<string, string> = {}): Promise<{ values: string[]; total?: number; hasMore?: boolean }> {
  if (!clientOf(conn).getServerCapabilities()?.completions) return { values: [] };
  const r = await detached(conn, (c) => c.complete({ ref, argument, ...(Object.keys(context).length ? { context: { arguments: context } } : {}) }, opts(conn)));
  return { values: r.completion.values, ...(r.completion.total !== undefined ? { total: r.completion.total } : {}), ...(r.completion.hasMore !== undefined ? { hasMore: r.completion.hasMore } : {}) };
}

function contentToParts(block: unknown, parts: { text: string[]; images: ToolImage[] }): void {
  const b = block as { type?: string; text?: string; data?: string; mimeType?: string; resource?: { uri?: string; text?: string; blob?: string; mimeType?: string }; uri?: string; name?: string };
  if (b?.type === 'text' && typeof b.text === 'string') parts.text.push(b.text);
  else if (b?.type === 'image' && typeof b.data === 'string') parts.images.push({ data: b.data, mimeType: b.mimeType ?? 'image/png' });
  else if (b?.type === 'resource' && b.resource) resourceContentsToParts(b.resource, parts);
  else if (b?.type === 'resource_link') parts.text.push(`[resource ${b.name ?? ''} ${b.uri ?? ''}]`.replace(/\s+/g, ' '));
  else if (b?.type) parts.text.push(`[${b.type} content]`);
}

function resourceContentsToParts(c: { uri?: string; text?: string; blob?: string; mimeType?: string }, parts: { text: string[]; images: ToolImage[] }): void {
  if (typeof c.text === 'string') parts.text.push(c.text);
  else if (typeof c.blob === 'string' && c.mimeType?.startsWith('image/')) parts.images.push({ data: c.blob, mimeType: c.mimeType });
  else if (typeof c.blob === 'string') parts.text.push(`[binary ${c.mimeType ?? 'data'} ${c.uri ?? ''}, ${Math.floor((c.blob.length * 3) / 4)} bytes]`);
}

/** A prompt's messages as one attachment: each message's text under its role. */
export function promptAttachment(server: string, name: string, result: GetPromptResult): McpAttachment {
  const parts = { text: [] as string[], images: [] as ToolImage[] };
  for (const m of result.messages) {
    const before = parts.text.length;
    contentToParts(m.content, parts);
    if (parts.text.length > before && result.messages.length > 1) parts.text[before] = `${m.role}: ${parts.text[before]}`;
  }
  return { label: `${server}:prompt ${name}`, text: parts.text.join('\n\n'), images: parts.images };
}

/** A resource's contents as one attachment (text as is, images as images, other blobs named). */
export function resourceAttachment(server: string, uri: string, result: ReadResourceResult): McpAttachment {
  const parts = { text: [] as string[], images: [] as ToolImage[] };
  for (const c of result.contents) resourceContentsToParts(c as { uri?: string; text?: string; blob?: string; mimeType?: string }, parts);
  return { label: `${server}:resource ${uri}`, text: parts.text.join('\n\n'), images: parts.images };
}
