import { z } from 'zod';
import { ConfigError } from '../config/config-error';

/** The three effort levels every provider understands in some form. */
export type ThinkingEffort = 'low' | 'medium' | 'high';

/**
 * How much the model should reason: not at all, a token budget (Anthropic's `budget_tokens`;
 * mapped to an effort where a provider has only efforts) or an effort level.
 */
export type ThinkingSetting = { kind: 'off' } | { kind: 'budget'; tokens: number } | { kind: 'effort'; effort: ThinkingEffort };

/** One value as written: `8000`, `"8000"`, `"low"`, `"medium"`, `"high"` or `"off"`. */
const ThinkingValue = z.union([
  z.number().int().positive(),
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(off|low|medium|high|\d+)$/, 'a token budget (e.g. 8000), low, medium, high or off'),
]);

/** Config `llm.thinking`: one value for every model, or an object of values keyed by model name (`"*"`: any other). */
export const ThinkingConfigSchema = z.union([ThinkingValue, z.record(z.string(), ThinkingValue)]);

/** The `llm.thinking` section as written. */
export type ThinkingConfig = z.infer<typeof ThinkingConfigSchema>;

/** The smallest budget Anthropic accepts; smaller ones are raised to it. */
export const MIN_THINKING_BUDGET = 1024;

function toSetting(v: z.infer<typeof ThinkingValue>): ThinkingSetting {
  if (typeof v === 'number') return { kind: 'budget', tokens: Math.max(MIN_THINKING_BUDGET, v) };
  if (v === 'off') return { kind: 'off' };
  if (v === 'low' || v === 'medium' || v === 'high') return { kind: 'effort', effort: v };
  return { kind: 'budget', tokens: Math.max(MIN_THINKING_BUDGET, Number(v)) };
}

/** A fork's thinking choice (`off`, an effort, a budget) as a setting. */
export function thinkingSettingOf(choice: 'off' | ThinkingEffort | number): ThinkingSetting {
  return toSetting(choice);
}

/** A setting as a fork records it: `off`, the effort, or the budget in tokens. */
export function thinkingChoiceOf(s: ThinkingSetting): 'off' | ThinkingEffort | number {
  return s.kind === 'off' ? 'off' : s.kind === 'effort' ? s.effort : s.tokens;
}

function issueText(err: z.ZodError): string {
  return err.issues[0]?.message ?? 'invalid value';
}

/**
 * The reasoning setting for `model`: `GLASSBOX_LLM_THINKING` wins over config `llm.thinking`;
 * an object is looked up by the exact model name, then the longest name the model starts with
 * followed by `-` (dated variants), then `"*"`. Undefined when nothing is set (the provider's
 * default). A malformed value is a ConfigError naming where it came from.
 */
export function resolveThinking(model: string, config: unknown, env: NodeJS.ProcessEnv = process.env): ThinkingSetting | undefined {
  const fromEnv = env.GLASSBOX_LLM_THINKING?.trim();
  if (fromEnv) {
    const parsed = ThinkingValue.safeParse(fromEnv);
    if (!parsed.success) throw new ConfigError(`GLASSBOX_LLM_THINKING: ${issueText(parsed.error)}, got "${fromEnv}"`);
    return toSetting(parsed.data);
  }
  if (config === undefined || config === null) return undefined;
  const parsed = ThinkingConfigSchema.safeParse(config);
  if (!parsed.success) throw new ConfigError(`llm.thinking: ${issueText(parsed.error)} (or an object of those keyed by model name)`);
  const value = parsed.data;
  if (typeof value !== 'object') return toSetting(value);
  const id = model.trim().toLowerCase();
  const table = Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toLowerCase(), v]));
  const hit =
    table[id] ??
    table[id.replace(/^.*\//, '')] ??
    Object.keys(table)
      .filter((k) => k !== '*' && (id.startsWith(`${k}-`) || id.replace(/^.*\//, '').startsWith(`${k}-`)))
      .sort((a, b) => b.length - a.length)
      .map((k) => table[k])[0] ??
    table['*'];
  return hit === undefined ? undefined : toSetting(hit);
}

/** Claude models without extended thinking (a thinking setting is not sent to them); by name, so no SDK loads to ask. */
export function supportsThinking(model: string): boolean {
  return !/claude-(instant|2|3-(opus|sonnet|haiku|5))|claude-3-haiku/.test(model);
}

/** Models that think adaptively and take an effort (`output_config.effort`): Claude 4.6 and later. */
export function supportsAdaptiveThinking(model: string): boolean {
  return /claude-(opus|sonnet|haiku)-4-([6-9]|\d\d)|claude-[a-z]+-([5-9]|\d\d)(\b|-)/.test(model);
}

/** A budget as an effort, for providers that take only efforts (OpenAI). */
export function effortOf(s: Exclude<ThinkingSetting, { kind: 'off' }>): ThinkingEffort {
  if (s.kind === 'effort') return s.effort;
  return s.tokens < 4000 ? 'low' : s.tokens < 16000 ? 'medium' : 'high';
}

/** An effort as a budget, for Anthropic models that take only budgets. */
export function budgetOf(s: Exclude<ThinkingSetting, { kind: 'off' }>): number {
  if (s.kind === 'budget') return s.tokens;
  return s.effort === 'low' ? 2048 : s.effort === 'medium' ? 8000 : 24000;
}

/** How a setting reads in the window and in docs: "8000 tokens", "high", "off". */
export function describeThinking(s: ThinkingSetting | undefined): string {
  if (!s) return 'default';
  return s.kind === 'off' ? 'off' : s.kind === 'effort' ? s.effort : `${s.tokens} tokens`;
}
