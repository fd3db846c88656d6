import { z } from 'zod';
import { GlobSchema } from '../../../src-shared/text/glob';
import { issueLines } from '../../../src-shared/text/schema-issues';

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
  checkpoints: z
    .looseObject({ enabled: z.boolean().optional(), maxCheckpoints: positiveInt.optional(), maxFileBytes: positiveInt.optional(), maxFiles: positiveInt.optional() })
    .optional(),
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
  return r.success ? [] : configIssues(r.error.issues, value, []);
}

/**
 * Issues of one section parsed on its own (`prefix`: where it sits in the file, e.g.
 * `['webSearch']`), in the same words as configProblems.
 */
export function configIssues(issues: readonly z.core.$ZodIssue[], section: unknown, prefix: readonly string[]): string[] {
  return issueLines(issues, section, { prefix, whole: '(the file)', knownKeys: (path) => Object.keys(shapeAt(path) ?? {}) });
}
