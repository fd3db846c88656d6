import { z } from 'zod';
import { GlobSchema } from '../../../src-shared/text/glob';

/**
 * The config file's sections as zod schemas: the one place their shapes and allowed values are
 * written down. loadConfig checks each file against them, so a typo (`"mode": "yolo"`,
 * `"decision": "alow"`, `"timeoutSeconds": "abc"`) is a ConfigError naming the file, the path
 * in the JSON and what is allowed, never a silently ignored or loosened setting. Sections that
 * guard something (`approvals`) refuse unknown keys; the others let unknown keys through (they
 * are kept when Glassbox writes the file) but check the keys they know. `sandbox` is checked by
 * its own parser (core/sandbox/config.ts); sections not listed here are left alone.
 */

const positive = z.number().positive();
const positiveInt = z.number().int().positive();

/** The `limits` section: USD per session and per day, and the share at which the window warns. */
export const LimitsSchema = z.strictObject({ sessionUsd: positive.optional(), dailyUsd: positive.optional(), warnAt: z.number().gt(0).max(1).optional() });

/** One approval rule: which tool, an optional glob over its target, what to decide. */
export const ApprovalRuleSchema = z.strictObject({
  tool: GlobSchema.pipe(z.string().min(1)),
  match: GlobSchema.optional(),
  decision: z.enum(['allow', 'ask', 'deny']),
});

/** `approvals`: the policy's mode, standing rules and how long a request waits for a human. */
export const ApprovalsSchema = z.strictObject({
  mode: z.enum(['ask', 'auto', 'deny']).optional(),
  rules: z.array(ApprovalRuleSchema).optional(),
  timeoutMs: positive.optional(),
});

const llmFields = {
  provider: z.enum(['openai', 'anthropic']).optional(),
  model: z.string().optional(),
  baseURL: z.string().optional(),
  apiKey: z.string().optional(),
  maxTokens: positiveInt.optional(),
  temperature: z.number().min(0).optional(),
  thinking: z.union([z.number(), z.string(), z.record(z.string(), z.union([z.number(), z.string()]))]).optional(),
  api: z.enum(['responses', 'chat']).optional(),
};

/** One `llm.providers` entry: another configured endpoint (a fork may use it). */
export const LlmProviderEntrySchema = z.looseObject(llmFields);

/** `llm`: the model endpoint, and more endpoints by id for forks (`default` is the section itself, so no entry takes that id). */
export const LlmSchema = z.looseObject({
  ...llmFields,
  providers: z
    .record(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'a provider id of letters, digits, _ . - (at most 64)').refine((id) => id !== 'default', '"default" names the llm section itself'), LlmProviderEntrySchema)
    .optional(),
});

/** `oauth` of an HTTP MCP server. */
const McpOAuthSchema = z.looseObject({
  clientId: z.string().optional(),
  clientSecret: z.string().optional(),
  scope: z.string().optional(),
  callbackPort: z.number().int().min(0).max(65535).optional(),
  clientMetadataUrl: z.string().optional(),
});

/** One `mcpServers` entry (the Claude Desktop / Cursor / VS Code shape). */
export const McpServerSchema = z.looseObject({
  type: z.enum(['stdio', 'sse', 'http', 'streamable-http', 'streamableHttp', 'streamable_http']).optional(),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  disabled: z.boolean().optional(),
  timeoutMs: positive.optional(),
  prefix: z.boolean().optional(),
  includeInstructions: z.boolean().optional(),
  disabledTools: z.array(z.string()).optional(),
  oauth: McpOAuthSchema.optional(),
  protocolVersion: z.string().optional(),
  roots: z.array(z.string()).optional(),
  logLevel: z.string().optional(),
});

/** An engine list: one name or several. */
const engineList = z.union([z.string(), z.array(z.string())]);
/** An engine's own settings. */
const engineSettings = z.looseObject({ baseUrl: z.string().optional() });

/** `webSearch`: the web_search tool's engines, retries and timeouts (docs/tools.md); read by core/tools/web-search/config.ts. */
export const WebSearchSectionSchema = z.looseObject({
  engine: z.string().optional(),
  fallbackEngines: engineList.optional(),
  disabledEngines: engineList.optional(),
  engineRetries: z.number().int().min(0).optional(),
  engineBackoffMs: z.number().min(0).optional(),
  engineBackoffMaxMs: z.number().min(0).optional(),
  maxRetries: z.number().int().min(0).optional(),
  retryDelayMs: z.number().min(0).optional(),
  timeoutMs: z.number().positive().optional(),
  numResults: z.number().int().min(1).optional(),
  lang: z.string().optional(),
  country: z.string().optional(),
  fetchTimeoutMs: z.number().positive().optional(),
  engines: z
    .looseObject({
      duckduckgo: engineSettings.optional(),
      bing: engineSettings.optional(),
      brave: z.looseObject({ baseUrl: z.string().optional(), apiKey: z.string().optional() }).optional(),
      searxng: engineSettings.optional(),
    })
    .optional(),
});
/** The `webSearch` section as written. */
export type WebSearchSection = z.infer<typeof WebSearchSectionSchema>;

/** The sections checked here; every other top-level key is kept as it is. */
export const ConfigSectionsSchema = z.looseObject({
  llm: LlmSchema.optional(),
  mcpServers: z.record(z.string(), McpServerSchema).optional(),
  approvals: ApprovalsSchema.optional(),
  agent: z
    .looseObject({
      maxSteps: positiveInt.optional(),
      systemPrompt: z.string().optional(),
      contextBudgetTokens: positiveInt.optional(),
      contextWindowTokens: positiveInt.optional(),
      deferTools: z.array(z.string()).optional(),
    })
    .optional(),
  bash: z.looseObject({ timeoutSeconds: positive.optional(), maxOutputChars: positiveInt.optional() }).optional(),
  python: z
    .looseObject({
      command: z.string().min(1).optional(),
      timeoutSec: positive.optional(),
      interruptGraceMs: z.number().min(0).optional(),
      maxOutputChars: positiveInt.optional(),
    })
    .optional(),
  webFetch: z
    .looseObject({ timeoutMs: positive.optional(), maxBytes: positiveInt.optional(), maxChars: positiveInt.optional(), userAgent: z.string().optional() })
    .optional(),
  webSearch: WebSearchSectionSchema.optional(),
  browser: z.looseObject({ chromiumPath: z.string().optional(), headless: z.boolean().optional() }).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
  limits: LimitsSchema.optional(),
  prices: z
    .record(
      z.string(),
      z.looseObject({
        input: z.number().min(0),
        output: z.number().min(0),
        cachedInput: z.number().min(0).optional(),
        cacheWrite: z.number().min(0).optional(),
      }),
    )
    .optional(),
});

/** An approval rule as validated. */
export type ApprovalRuleConfig = z.infer<typeof ApprovalRuleSchema>;
/** The `approvals` section as validated. */
export type ApprovalsSectionConfig = z.infer<typeof ApprovalsSchema>;

/** `a.b[0].c` for a zod issue path. */
function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else {
      const key = String(p);
      out += /^[A-Za-z_$][\w$-]*$/.test(key) ? (out ? `.${key}` : key) : `[${JSON.stringify(key)}]`;
    }
  }
  return out || '(the file)';
}

/** The value at `path` in `root` (for naming what was found). */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const p of path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return v;
}

/** What kind of JSON value something is, in words (never the value itself: it may be a key). */
function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'number') return 'a number';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return typeof v;
}

/** One issue in words: `approvals.mode: "yolo" is not one of "ask", "auto", "deny"`. */
function describeIssue(issue: z.core.$ZodIssue, root: unknown): string {
  const where = pathText(issue.path);
  const found = valueAt(root, issue.path);
  switch (issue.code) {
    case 'invalid_value': {
      const allowed = issue.values.map((v) => JSON.stringify(v)).join(', ');
      // Only short strings are echoed: an allowed-values field holds a keyword, not a secret.
      const shown = typeof found === 'string' && found.length <= 40 ? JSON.stringify(found) : kindOf(found);
      return `${where}: ${shown} is not one of ${allowed}`;
    }
    case 'invalid_type': {
      if (issue.expected === 'int') return `${where}: must be a whole number`;
      const want = { array: 'a list', object: 'an object', record: 'an object' }[issue.expected as string] ?? `a ${issue.expected}`;
      return `${where}: must be ${want}, not ${kindOf(found)}`;
    }
    case 'invalid_union':
      return `${where}: ${kindOf(found)} is not allowed here`;
    case 'too_small':
      return `${where}: must be ${issue.origin === 'string' ? 'a non-empty string' : issue.inclusive ? `at least ${String(issue.minimum)}` : `more than ${String(issue.minimum)}`}`;
    case 'too_big':
      return `${where}: must be at most ${String(issue.maximum)}`;
    case 'unrecognized_keys': {
      const known = issue.path.length ? Object.keys(shapeAt(issue.path) ?? {}) : [];
      return `${where}: unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}${known.length ? ` (known: ${known.join(', ')})` : ''}`;
    }
    default:
      return `${where}: ${issue.message}`;
  }
}

/** The known keys of the strict object at `path` (approvals and its rules), for the message. */
function shapeAt(path: readonly PropertyKey[]): Record<string, unknown> | null {
  if (path[0] !== 'approvals') return null;
  if (path.length === 1) return ApprovalsSchema.shape;
  if (path[1] === 'rules' && path.length === 3) return ApprovalRuleSchema.shape;
  return null;
}

/**
 * Checks one parsed config file against the section schemas. Returns the problems in words,
 * each naming the path in the JSON (`approvals.rules[0].decision: "alow" is not one of …`);
 * an empty list when the file is fine.
 */
export function configProblems(value: unknown): string[] {
  const r = ConfigSectionsSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => describeIssue(i, value));
}

/**
 * Issues of one section parsed on its own (`prefix`: where it sits in the file, e.g.
 * `['webSearch']`), in the same words as configProblems.
 */
export function configIssues(issues: readonly z.core.$ZodIssue[], section: unknown, prefix: readonly string[]): string[] {
  let root: unknown = section;
  for (const key of [...prefix].reverse()) root = { [key]: root };
  return issues.map((i) => describeIssue({ ...i, path: [...prefix, ...i.path] } as z.core.$ZodIssue, root));
}
