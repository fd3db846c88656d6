import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckpointConfig } from '../checkpoints/types';
import { readApiKeyFile } from './api-key-file';
import { ConfigError } from './config-error';
import { writeFileAtomic } from './atomic-write';
import { createScanner } from 'jsonc-parser';
import { configProblems, type ApprovalRuleConfig, type ApprovalsSectionConfig } from './schema';
import { findJsonSyntaxError, parseJsonWithComments, type JsonSyntaxProblem } from './json-syntax-error';
import { workspaceDir, type GlassboxPaths } from './paths';

/** One MCP server entry, in the shape Claude Desktop / Cursor / VS Code use (docs/configuration.md). */
export interface McpServerConfig {
  type?: 'stdio' | 'sse' | 'http' | 'streamable-http' | 'streamableHttp' | 'streamable_http';
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  disabled?: boolean;
  timeoutMs?: number;
  prefix?: boolean;
  includeInstructions?: boolean;
  /** Tools of this server the user switched off. */
  disabledTools?: string[];
  /** OAuth sign-in of an HTTP/SSE server (all optional; see docs/mcp.md "Sign-in"). */
  oauth?: McpOAuthConfig;
  /** MCP revision: `auto` (default: what the server supports), `2026-07-28` or `2025-11-25`. */
  protocolVersion?: string;
  /** Folders offered to the server as roots, besides the workspace. */
  roots?: string[];
  /** Lowest level of the server's log messages Glassbox asks for (MCP logging levels). */
  logLevel?: string;
  /** The MCP Registry entry this server was installed from (`glassbox mcp add`): its name and pinned version. */
  registry?: { name: string; version: string };
  /**
   * `session`: started with the session (default); `first-use`: started when one of its tools is
   * first needed, its tools known meanwhile from the last listing (default for the browser server).
   */
  startOn?: 'session' | 'first-use';
}

/** How Glassbox identifies itself to an MCP server's authorization server. */
export interface McpOAuthConfig {
  /** A pre-registered client id (else a Client ID Metadata Document or dynamic registration). */
  clientId?: string;
  /** The pre-registered client's secret; write it as `${env:NAME}`. */
  clientSecret?: string;
  /** Scopes to ask for, space-separated, on top of what the server asks for. */
  scope?: string;
  /** Port of the loopback redirect on 127.0.0.1 (default: a free one). */
  callbackPort?: number;
  /** An https URL of this client's Client ID Metadata Document. */
  clientMetadataUrl?: string;
}

/** One entry of `llm.providers`: another endpoint a fork may use (the fields of `llm`, without `providers`). */
export type LlmProviderEntry = Omit<LlmConfig, 'providers'>;

export interface LlmConfig {
  provider?: 'openai' | 'anthropic';
  model?: string;
  baseURL?: string;
  apiKey?: string;
  maxTokens?: number;
  temperature?: number;
  /** Reasoning: a token budget, `low`|`medium`|`high`, `off`, or an object of those keyed by model (core/llm/thinking-config.ts). */
  thinking?: number | string | Record<string, number | string>;
  /** OpenAI only: the Responses API or Chat Completions (default: responses for api.openai.com, chat elsewhere). */
  api?: 'responses' | 'chat';
  /** More configured endpoints by id, for forks (`glassbox sessions fork --provider ID`, the window's fork editor). */
  providers?: Record<string, LlmProviderEntry>;
}

/** One `approvals.rules` entry (its schema: schema.ts). */
export type ApprovalRule = ApprovalRuleConfig;

/** The `approvals` section (its schema: schema.ts). */
export type ApprovalsConfig = ApprovalsSectionConfig;

/**
 * The `sandbox` section as written: the OS sandbox of `bash` and `python_execute` (default
 * workspace-write, no network). Validated where it is used (core/sandbox/config.ts).
 */
export interface SandboxConfigSection {
  mode?: 'workspace-write' | 'read-only' | 'off';
  network?: boolean;
  /** More absolute folders writable from inside the sandbox. */
  writableRoots?: string[];
}

/** The whole config file. Unknown sections are kept as they are. */
export interface GlassboxConfig {
  llm?: LlmConfig;
  mcpServers?: Record<string, McpServerConfig>;
  approvals?: ApprovalsConfig;
  sandbox?: SandboxConfigSection;
  agent?: {
    maxSteps?: number;
    systemPrompt?: string;
    contextBudgetTokens?: number;
    contextWindowTokens?: number;
    /** Share of the model's context window MCP tool schemas may fill before the rest are deferred (default 0.1). */
    toolSchemaBudget?: number;
    /** Tools deferred behind `tool_search` whatever the budget (default `["planning"]`; `[]` sends every built-in). */
    deferTools?: string[];
  };
  /** Per-extension config sections, by extension name. */
  extensions?: Record<string, unknown>;
  browser?: { chromiumPath?: string; headless?: boolean };
  webSearch?: Record<string, unknown>;
  /** Spend limits in USD per session and per day, and the share at which the window warns (default 0.8). */
  limits?: { sessionUsd?: number; dailyUsd?: number; warnAt?: number };
  /** The workspace's checkpoints around each turn (core/checkpoints/types.ts). */
  checkpoints?: CheckpointConfig;
  /** USD per million tokens by model id, over the built-in price table. */
  prices?: Record<string, { input: number; output: number; cachedInput?: number; cacheWrite?: number }>;
  [section: string]: unknown;
}

/** Line and column (1-based) of a character offset. */
export function offsetToLineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let col = 1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      col = 1;
    } else col++;
  }
  return { line, column: col };
}

/** How deep objects and lists may nest in a config file (real ones stay under 10). */
export const MAX_CONFIG_DEPTH = 64;

/**
 * Where the text first nests deeper than `max` objects and lists, or -1. A flat scan (jsonc-parser's
 * tokenizer: strings are skipped whole), so a file of a million `[` costs no stack.
 */
// jsonc-parser's SyntaxKind is an ambient const enum (not importable as a value here).
const SyntaxKind = { OpenBraceToken: 1, CloseBraceToken: 2, OpenBracketToken: 3, CloseBracketToken: 4, EOF: 17 } as const;

function tooDeepAt(text: string, max: number): number {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let kind: number = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) {
      if (++depth > max) return scanner.getTokenOffset();
    } else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) depth = Math.max(0, depth - 1);
  }
  return -1;
}

/**
 * Parses JSON text, turning a syntax error into a ConfigError with path, line and column
 * (`/path/config.json:3:18: …`). The position comes from our own scanner: Node 20's messages
 * lack one for some errors and quote the text, which may contain API keys. Text nested deeper
 * than MAX_CONFIG_DEPTH is refused first: everything that walks a config recurses. With
 * `comments`, line and block comments and trailing commas are accepted (VS Code's files).
 */
export function parseJsonFile(text: string, path: string, opts: { comments?: boolean } = {}): unknown {
  const deep = tooDeepAt(text, MAX_CONFIG_DEPTH);
  if (deep >= 0) {
    const { line, column } = offsetToLineColumn(text, deep);
    throw new ConfigError(`${path}:${line}:${column}: nested deeper than ${MAX_CONFIG_DEPTH} levels of objects and lists`);
  }
  let problem: JsonSyntaxProblem | null;
  if (opts.comments) {
    const read = parseJsonWithComments(text);
    if ('value' in read) return read.value;
    problem = read.problem;
  } else {
    try {
      return JSON.parse(text);
    } catch {
      problem = findJsonSyntaxError(text);
    }
  }
  // JSON.parse's own message quotes the text (it may hold keys): never pass it on.
  if (!problem) throw new ConfigError(`Malformed JSON in ${path}`);
  const { line, column } = offsetToLineColumn(text, problem.offset);
  throw new ConfigError(`Malformed JSON in ${path}:${line}:${column}: ${problem.reason}`);
}

/** Reads one config file; a missing file is an empty config. Never writes. */
export function readConfigFile(path: string): GlassboxConfig {
  if (!existsSync(path)) return {};
  // A leading byte-order mark (Windows editors add one) is not JSON; skip it.
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') return {};
  const value = parseJsonFile(text, path);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ConfigError(`${path}: the config must be a JSON object`);
  }
  return value as GlassboxConfig;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Merges the workspace config over the user config: objects merge key by key, `mcpServers`
 * by server id (the project's entry replaces the user's whole entry), anything else the
 * project wins.
 */
export function mergeConfigs(user: GlassboxConfig, project: GlassboxConfig): GlassboxConfig {
  const out: GlassboxConfig = { ...user };
  for (const [key, value] of Object.entries(project)) {
    const base = out[key];
    if (key === 'mcpServers' && isPlainObject(value) && isPlainObject(base)) {
      out.mcpServers = { ...(base as Record<string, McpServerConfig>), ...(value as Record<string, McpServerConfig>) };
    } else if (isPlainObject(value) && isPlainObject(base)) {
      out[key] = { ...base, ...value };
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * The file's sections checked against their schemas (schema.ts): a wrong value is a
 * ConfigError naming the file, the path in the JSON and what is allowed (exit 2).
 */
export function checkedConfig(config: GlassboxConfig, path: string): GlassboxConfig {
  const problems = configProblems(config);
  if (!problems.length) return config;
  const shown = problems.slice(0, 5).map((p) => `\n  ${p}`).join('');
  const more = problems.length > 5 ? `\n  … and ${problems.length - 5} more` : '';
  throw new ConfigError(`Invalid config in ${path}:${shown}${more}`);
}

/** Where each loaded config came from. */
export interface LoadedConfig {
  config: GlassboxConfig;
  userPath: string;
  projectPath: string;
}

/** Loads `$GLASSBOX_HOME/config.json` merged with `<workspace>/.glassbox/config.json`. */
export function loadConfig(paths: GlassboxPaths, workspace: string): LoadedConfig {
  const userPath = paths.config;
  const projectPath = join(workspaceDir(workspace), 'config.json');
  const user = checkedConfig(readConfigFile(userPath), userPath);
  const project = projectPath === userPath ? {} : checkedConfig(readConfigFile(projectPath), projectPath);
  const config = mergeConfigs(user, project);
  // A key saved from Settings lives apart from the config (state/api-key, 0600).
  const savedKey = config.llm?.apiKey ? undefined : readApiKeyFile(paths);
  if (savedKey) config.llm = { ...config.llm, apiKey: savedKey };
  return { config, userPath, projectPath };
}

/** Reads, updates and atomically writes the user config file. Refuses to touch a malformed one. */
export function updateConfigFile(path: string, update: (c: GlassboxConfig) => GlassboxConfig): GlassboxConfig {
  const current = readConfigFile(path); // throws on malformed: never overwritten
  const next = update(structuredClone(current));
  writeFileAtomic(path, JSON.stringify(next, null, 2) + '\n', 0o600); // it may hold API keys: only the user
  return next;
}
