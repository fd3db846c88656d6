import type { Tool as RemoteTool } from '@modelcontextprotocol/client';
import type { ToolSource } from '../../../../src-shared/events/event-types';
import type { JsonSchema, Tool, ToolAnnotations, ToolContext } from '../../tools/tool';
import type { ToolResult } from '../../../../src-shared/events/tool-result';
import type { McpServerConnection } from './connection';
import { APP_VIEW_METADATA_KEY, type AppViewRef } from '../../../../src-shared/apps/view-types';
import { toolUi } from './apps/tool-ui';

/**
 * The schema the model and the validator see. `$schema` is dropped: servers announce drafts
 * (2020-12) our validator does not load, and it tells the model nothing. A property with a
 * `default` is not required: zod 4 lists defaulted fields as required (e.g. Playwright MCP's
 * screenshot `scale`), though the server fills them in itself.
 */
export function remoteInputSchema(remote: RemoteTool): JsonSchema {
  const { $schema: _ignored, ...rest } = (remote.inputSchema ?? { type: 'object' }) as JsonSchema;
  const schema: JsonSchema = { type: 'object', ...rest };
  const props = schema.properties as Record<string, { default?: unknown }> | undefined;
  if (Array.isArray(schema.required) && props) {
    schema.required = (schema.required as string[]).filter((k) => !(props[k] && typeof props[k] === 'object' && 'default' in props[k]));
  }
  return schema;
}

/** A copy of a schema with every `$ref` that leaves the document replaced by "anything" (never fetched). */
function withoutRemoteRefs(v: unknown, depth = 0): unknown {
  if (Array.isArray(v)) return v.map((x) => withoutRemoteRefs(x, depth + 1));
  if (!v || typeof v !== 'object' || depth > 64) return v;
  const o = v as Record<string, unknown>;
  if (typeof o.$ref === 'string' && !o.$ref.startsWith('#')) return {};
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, withoutRemoteRefs(x, depth + 1)]));
}

/**
 * What Glassbox checks a call's arguments against before sending it: the model's schema with
 * optional arguments allowed to be null (models send null for "not given"; the server decides
 * what null means) and `$ref`s to other documents accepted as anything — they are never
 * fetched (a schema must not make the client load URLs), the server checks those parts itself.
 */
export function remoteValidationSchema(remote: RemoteTool): JsonSchema {
  const schema = withoutRemoteRefs(remoteInputSchema(remote)) as JsonSchema;
  const props = schema.properties as Record<string, unknown> | undefined;
  if (!props || typeof props !== 'object') return schema;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const relaxed: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(props)) relaxed[k] = required.has(k) || !p || typeof p !== 'object' ? p : { anyOf: [p, { type: 'null' }] };
  return { ...schema, properties: relaxed };
}

/**
 * A remote MCP tool in the agent's ToolCollection: named as docs/mcp.md says, called on its server by
 * its original name, results mapped to ToolResults. Failures come back as error results.
 */
export class McpClientTool implements Tool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly validationSchema: JsonSchema;
  readonly annotations?: ToolAnnotations;
  source: ToolSource;
  /** The server's own name for the tool (what goes over the wire). */
  readonly originalName: string;
  /** Only its MCP App's view may call it (`_meta.ui.visibility: ["app"]`). */
  readonly appOnly: boolean;
  /** The view a call's result is shown in (`_meta.ui.resourceUri`), when the tool has one. */
  readonly view?: AppViewRef;

  constructor(
    private readonly connection: McpServerConnection,
    readonly remote: RemoteTool,
    exposedName: string,
  ) {
    this.name = exposedName;
    this.originalName = remote.name;
    this.description = remote.description || remote.title || `Tool '${remote.name}' of MCP server '${connection.id}'.`;
    this.inputSchema = remoteInputSchema(remote);
    this.validationSchema = remoteValidationSchema(remote);
    const a = remote.annotations;
    if (a) {
      const annotations: ToolAnnotations = {};
      if (a.title !== undefined) annotations.title = a.title;
      if (a.readOnlyHint !== undefined) annotations.readOnlyHint = a.readOnlyHint;
      if (a.destructiveHint !== undefined) annotations.destructiveHint = a.destructiveHint;
      if (a.idempotentHint !== undefined) annotations.idempotentHint = a.idempotentHint;
      if (a.openWorldHint !== undefined) annotations.openWorldHint = a.openWorldHint;
      this.annotations = annotations;
    }
    this.source = `mcp:${connection.id}`;
    const ui = toolUi(remote._meta);
    this.appOnly = ui.appOnly;
    if (ui.resourceUri) this.view = { server: connection.id, resourceUri: ui.resourceUri, tool: remote.name };
  }

  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const result = await this.connection.callTool(this.originalName, args, ctx);
    // The result remembers its view, so the window (live or reopened) renders it from the record.
    return this.view ? { ...result, metadata: { ...result.metadata, [APP_VIEW_METADATA_KEY]: this.view } } : result;
  }

  /** True when the remote definition differs in anything the model or validator sees. */
  differsFrom(remote: RemoteTool): boolean {
    return JSON.stringify([remote.description, remote.inputSchema, remote.annotations, remote._meta?.ui]) !==
      JSON.stringify([this.remote.description, this.remote.inputSchema, this.remote.annotations, this.remote._meta?.ui]);
  }
}
