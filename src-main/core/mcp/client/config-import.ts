import { ConfigError, parseJsonFile, type GlassboxConfig, type McpServerConfig } from '../../config/config';
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

const TYPES = new Set(['stdio', 'sse', 'http', 'streamable-http', 'streamableHttp', 'streamable_http']);

/** Removes // and /* comments and trailing commas (VS Code's mcp.json is JSON with comments). */
export function stripJsonComments(text: string): string {
  let out = '';
  let i = 0;
  let inString = false;
  while (i < text.length) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') {
        out += text[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (c === '"') inString = false;
      i++;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      i += 2;
      while (i < text.length && !(text[i] === '*' && text[i + 1] === '/')) {
        out += text[i] === '\n' ? '\n' : ' ';
        i++;
      }
      i += 2;
    } else {
      out += c;
      i++;
    }
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function stringRecord(v: unknown): Record<string, string> | undefined {
  if (!isObject(v)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) if (val !== null && val !== undefined) out[k] = String(val);
  return out;
}

/** Converts one foreign entry to ours; returns a reason when it cannot be used. */
function normalizeEntry(id: string, raw: unknown, warnings: string[]): McpServerConfig | undefined {
  if (!isObject(raw)) {
    warnings.push(`${id}: skipped, not an object`);
    return undefined;
  }
  const out: McpServerConfig = {};
  if (raw.type !== undefined) {
    if (typeof raw.type !== 'string' || !TYPES.has(raw.type)) {
      warnings.push(`${id}: skipped, unsupported type ${JSON.stringify(raw.type)}`);
      return undefined;
    }
    out.type = raw.type as McpServerConfig['type'];
  }
  if (typeof raw.command === 'string') out.command = raw.command;
  if (Array.isArray(raw.args)) out.args = raw.args.map(String);
  const env = stringRecord(raw.env);
  if (env) out.env = env;
  if (typeof raw.cwd === 'string') out.cwd = raw.cwd;
  if (typeof raw.url === 'string') out.url = raw.url;
  const headers = stringRecord(raw.headers);
  if (headers) out.headers = headers;
  if (typeof raw.disabled === 'boolean') out.disabled = raw.disabled;
  if (typeof raw.timeoutMs === 'number') out.timeoutMs = raw.timeoutMs;
  else if (typeof raw.timeout === 'number') out.timeoutMs = raw.timeout < 1000 ? raw.timeout * 1000 : raw.timeout; // Cursor/Claude use seconds or ms
  if (typeof raw.prefix === 'boolean') out.prefix = raw.prefix;
  if (typeof raw.includeInstructions === 'boolean') out.includeInstructions = raw.includeInstructions;
  if (Array.isArray(raw.disabledTools)) out.disabledTools = raw.disabledTools.map(String);
  const known = new Set(['type', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'disabled', 'timeoutMs', 'timeout', 'prefix', 'includeInstructions', 'disabledTools']);
  const dropped = Object.keys(raw).filter((k) => !known.has(k));
  if (dropped.length) warnings.push(`${id}: ignored ${dropped.map((k) => `'${k}'`).join(', ')} (not supported by Glassbox)`);
  const text = JSON.stringify(out);
  if (/\$\{input:/.test(text)) warnings.push(`${id}: uses VS Code \${input:…} prompts; replace them with values or \${env:NAME}`);
  if (/\$\{workspaceFolder\}/.test(text)) warnings.push(`${id}: uses \${workspaceFolder}; Glassbox reads it as an environment variable`);
  const kind = resolveTransportKind(out);
  if (!kind.ok) {
    warnings.push(`${id}: skipped, ${kind.reason}`);
    return undefined;
  }
  return out;
}

/**
 * Reads a Claude Desktop / Cursor / `.mcp.json` file (`mcpServers`), a VS Code `mcp.json`
 * (`servers`, comments allowed) or VS Code settings (`mcp.servers`). Throws ConfigError with
 * the path and position for malformed JSON and when no servers section is found.
 */
export function parseMcpImport(text: string, path: string): McpImport {
  const value = parseJsonFile(stripJsonComments(text), path);
  if (!isObject(value)) throw new ConfigError(`${path}: expected a JSON object`);
  let format: McpImport['format'];
  let section: unknown;
  if (isObject(value.mcpServers)) {
    format = 'mcpServers';
    section = value.mcpServers;
  } else if (isObject(value.servers)) {
    format = 'vscode';
    section = value.servers;
  } else if (isObject(value.mcp) && isObject(value.mcp.servers)) {
    format = 'vscode-settings';
    section = value.mcp.servers;
  } else {
    throw new ConfigError(`${path}: no 'mcpServers' (Claude Desktop, Cursor, .mcp.json) or 'servers' (VS Code) section found`);
  }
  const warnings: string[] = [];
  const servers: Record<string, McpServerConfig> = {};
  for (const [id, raw] of Object.entries(section as Record<string, unknown>)) {
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
