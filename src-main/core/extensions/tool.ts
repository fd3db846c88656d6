import type { ToolSource } from '../../../src-shared/events/event-types';
import type { JsonSchema, Tool, ToolContext } from '../tools/tool';
import type { ToolImage, ToolResult } from '../../../src-shared/events/tool-result';
import { mcpCallContext } from '../mcp/common/caller';
import type { CheckResult } from './manifest';
import type { ExtensionTool, ExtensionToolReturn } from './types';

/** Tool names the model APIs accept (OpenAI function names). */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The schema of a tool that takes no arguments. */
export const NO_ARGUMENTS_SCHEMA: JsonSchema = { type: 'object', properties: {} };

/**
 * Checks a tool definition handed to `registerTool` before it reaches the model: a bad name
 * or schema would otherwise fail every model request, not just this extension.
 */
export function checkExtensionTool(def: unknown): CheckResult {
  if (def === null || typeof def !== 'object') return { ok: false, reason: 'a tool must be an object' };
  const t = def as Record<string, unknown>;
  if (typeof t.name !== 'string' || !TOOL_NAME.test(t.name)) {
    return { ok: false, reason: `invalid tool name ${JSON.stringify(t.name)}: use 1-64 of A-Z a-z 0-9 _ -` };
  }
  if (typeof t.description !== 'string' || t.description.trim() === '') {
    return { ok: false, reason: `tool '${t.name}' needs a description (the model's only manual)` };
  }
  if (typeof t.execute !== 'function') return { ok: false, reason: `tool '${t.name}' needs an execute(args, ctx) function` };
  if (t.inputSchema !== undefined) {
    const s = t.inputSchema;
    if (s === null || typeof s !== 'object' || Array.isArray(s)) {
      return { ok: false, reason: `tool '${t.name}': inputSchema must be a JSON Schema object` };
    }
    const type = (s as Record<string, unknown>).type;
    if (type !== undefined && type !== 'object') {
      return { ok: false, reason: `tool '${t.name}': inputSchema must describe an object (type: 'object'), not '${String(type)}'` };
    }
  }
  return { ok: true };
}

function isImage(v: unknown): v is ToolImage {
  return !!v && typeof v === 'object' && typeof (v as ToolImage).data === 'string' && typeof (v as ToolImage).mimeType === 'string';
}

/**
 * Turns whatever an author's `execute` returned into a ToolResult: a string is the output,
 * a result object keeps its known fields, anything else is shown as JSON.
 */
export function normalizeToolReturn(value: ExtensionToolReturn | unknown): ToolResult {
  if (value === undefined || value === null) return {};
  if (typeof value === 'string') return { output: value };
  if (typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    const known = ['output', 'error', 'images', 'system', 'metadata'];
    if (Object.keys(v).some((k) => known.includes(k))) {
      const r: ToolResult = {};
      if (typeof v.output === 'string') r.output = v.output;
      if (typeof v.error === 'string') r.error = v.error;
      if (typeof v.system === 'string') r.system = v.system;
      if (Array.isArray(v.images)) {
        const images = v.images.filter(isImage);
        if (images.length) r.images = images;
      }
      if (v.metadata && typeof v.metadata === 'object') r.metadata = v.metadata as Record<string, unknown>;
      return r;
    }
  }
  try {
    return { output: JSON.stringify(value) ?? String(value) };
  } catch {
    return { output: String(value) };
  }
}

/**
 * Wraps a checked extension tool as a core Tool with its source set, so the tool runner
 * treats it exactly like a built-in (validation, hooks, approvals, events).
 */
export function toCoreTool(def: ExtensionTool, source: ToolSource): Tool {
  return {
    name: def.name,
    description: def.description,
    inputSchema: def.inputSchema ?? NO_ARGUMENTS_SCHEMA,
    ...(def.annotations ? { annotations: def.annotations } : {}),
    source,
    async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
      return normalizeToolReturn(await def.execute(args, { ...ctx, ...mcpCallContext() }));
    },
  };
}
