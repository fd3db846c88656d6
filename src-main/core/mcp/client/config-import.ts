import { parseJsonFile, type GlassboxConfig, type McpServerConfig } from '../../config/config';
import { ConfigError } from '../../config/config-error';
import { z } from 'zod';
import { issueLines } from '../../../../src-shared/text/schema-issues';
import { resolveTransportKind } from './transport-kind';

/** Servers read from another client's config file. */
export interface McpImport {
  /** Which shape the file had. */
  format: 'mcpServers' | 'vscode' | 'vscode-settings';
  servers: Record<string, McpServerConfig>;
  /** Entries skipped or fields dropped, in words. */
  warnings: string[];
}

/** What a merge did. */
export interface McpImportMerge {
  config: GlassboxConfig;
  added: string[];
  replaced: string[];
  /** Ids that already existed with a different config (kept; pass `replace` to overwrite). */
  skipped: string[];
  /** Ids that already existed with the same config. */
  unchanged: string[];
}

const TYPES = ['stdio', 'sse', 'http', 'streamable-http', 'streamableHttp', 'streamable_http'] as const;

/** Any JSON object (a section, an entry), its values unchecked. */
const JsonObjectSchema = z.record(z.string(), z.unknown());

/** String values as other clients write them: numbers and booleans kept as text, nulls dropped. */
const TextRecordSchema = JsonObjectSchema.transform((o) => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(o)) if (v !== null && v !== undefined) out[k] = String(v);
  return out;
});

/** A list whose items are kept as text (`"args": ["-p", 8080]`). */
const TextListSchema = z.array(z.unknown()).transform((a) => a.map(String));

/**
 * One foreign server entry (Claude Desktop, Cursor, VS Code, `.mcp.json`): the fields Glassbox
 * reads, each optional; other keys pass through to be reported as ignored.
 */
const ForeignEntrySchema = z.looseObject({
  type: z.enum(TYPES).optional(),
  command: z.string().optional(),
  args: TextListSchema.optional(),
  env: TextRecordSchema.optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  headers: TextRecordSchema.optional(),
  disabled: z.boolean().optional(),
  timeoutMs: z.number().optional(),
  /** Cursor and Claude write seconds or milliseconds here. */
  timeout: z.number().optional(),
  prefix: z.boolean().optional(),
  includeInstructions: z.boolean().optional(),
  disabledTools: TextListSchema.optional(),
});

const KNOWN = Object.keys(ForeignEntrySchema.shape);

/** Converts one foreign entry to ours; returns undefined (with a warning) when it cannot be used. */
function normalizeEntry(id: string, raw: unknown, warnings: string[]): McpServerConfig | undefined {
  const entry = JsonObjectSchema.safeParse(raw);
  if (!entry.success) {
    warnings.push(`${id}: skipped, not an object`);
    return undefined;
  }
  let parsed = ForeignEntrySchema.safeParse(entry.data);
  if (!parsed.success) {
    const typeIssues = parsed.error.issues.filter((i) => i.path[0] === 'type');
    if (typeIssues.length > 0) {
      warnings.push(`${id}: skipped, unsupported ${issueLines(typeIssues, entry.data)[0]}`);
      return undefined;
    }
    // A field of the wrong kind is dropped (as before) and now said so.
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    warnings.push(`${id}: ignored ${issueLines(parsed.error.issues, entry.data).join('; ')}`);
    parsed = ForeignEntrySchema.safeParse(Object.fromEntries(Object.entries(entry.data).filter(([k]) => !bad.has(k))));
    if (!parsed.success) throw new Error(`unreachable: ${id} still malformed after dropping its bad fields`);
  }
  const fields = parsed.data as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of KNOWN) {
    const v = fields[key];
    if (v === undefined) continue;
    if (key !== 'timeout') out[key] = v;
    else if (out.timeoutMs === undefined) out.timeoutMs = (v as number) < 1000 ? (v as number) * 1000 : v; // seconds or ms
  }
  const dropped = Object.keys(entry.data).filter((k) => !KNOWN.includes(k));
  if (dropped.length) warnings.push(`${id}: ignored ${dropped.map((k) => `'${k}'`).join(', ')} (not supported by Glassbox)`);
  const text = JSON.stringify(out);
  if (/\$\{input:/.test(text)) warnings.push(`${id}: uses VS Code \${input:…} prompts; replace them with values or \${env:NAME}`);
  if (/\$\{workspaceFolder\}/.test(text)) warnings.push(`${id}: uses \${workspaceFolder}; Glassbox reads it as an environment variable`);
  const kind = resolveTransportKind(out as McpServerConfig);
  if (!kind.ok) {
    warnings.push(`${id}: skipped, ${kind.reason}`);
    return undefined;
  }
  return out as McpServerConfig;
}

/** The file's top: where its servers are, by client. */
const ImportFileSchema = z.object({
  mcpServers: JsonObjectSchema.optional().catch(undefined),
  servers: JsonObjectSchema.optional().catch(undefined),
  mcp: z.object({ servers: JsonObjectSchema.optional().catch(undefined) }).optional().catch(undefined),
});

/**
 * Reads a Claude Desktop / Cursor / `.mcp.json` file (`mcpServers`), a VS Code `mcp.json`
 * (`servers`, comments allowed) or VS Code settings (`mcp.servers`). Throws ConfigError with
 * the path and position for malformed JSON and when no servers section is found.
 */
export function parseMcpImport(text: string, path: string): McpImport {
  const value = parseJsonFile(text, path, { comments: true });
  const file = ImportFileSchema.safeParse(value);
  if (!file.success) throw new ConfigError(issueLines(file.error.issues, value, { whole: path }).join('; '));
  let format: McpImport['format'];
  let section: Record<string, unknown>;
  if (file.data.mcpServers) {
    format = 'mcpServers';
    section = file.data.mcpServers;
  } else if (file.data.servers) {
    format = 'vscode';
    section = file.data.servers;
  } else if (file.data.mcp?.servers) {
    format = 'vscode-settings';
    section = file.data.mcp.servers;
  } else {
    throw new ConfigError(`${path}: no 'mcpServers' (Claude Desktop, Cursor, .mcp.json) or 'servers' (VS Code) section found`);
  }
  const warnings: string[] = [];
  const servers: Record<string, McpServerConfig> = {};
  for (const [id, raw] of Object.entries(section)) {
    const entry = normalizeEntry(id, raw, warnings);
    if (entry) servers[id] = entry;
  }
  return { format, servers, warnings };
}

/** Merges imported servers into a config: new ids are added; existing ones kept unless `replace`. */
export function mergeImportedServers(config: GlassboxConfig, servers: Record<string, McpServerConfig>, opts: { replace?: boolean } = {}): McpImportMerge {
  const current = { ...(config.mcpServers ?? {}) };
  const result: McpImportMerge = { config, added: [], replaced: [], skipped: [], unchanged: [] };
  for (const [id, entry] of Object.entries(servers)) {
    const existing = current[id];
    if (!existing) {
      current[id] = entry;
      result.added.push(id);
    } else if (JSON.stringify(existing) === JSON.stringify(entry)) {
      result.unchanged.push(id);
    } else if (opts.replace) {
      current[id] = entry;
      result.replaced.push(id);
    } else {
      result.skipped.push(id);
    }
  }
  result.config = { ...config, mcpServers: current };
  return result;
}
