/*
 * Forks: what a fork changes, how it runs, and what its `agent_start` records. Shared by core
 * (which plans and runs a fork), the CLI, the bridge and the window's *Fork from here…* editor.
 */
import { z } from 'zod';
import type { ToolResultRecord } from '../events/tool-result';
import { modelNameProblem } from './model-name';

/**
 * The one thing a fork changes (recorded as the fork's `agent_start.changed`). `none`: a plain
 * re-run from that step.
 */
export type ForkChange =
  | { what: 'none' }
  /** The user's message (a fork at a user message). */
  | { what: 'message'; text: string }
  /** A tool's result (text, error or not), given instead of the recorded one. */
  | { what: 'result'; callId: string; result: ToolResultRecord }
  /** A tool call's arguments; the call runs again with them. */
  | { what: 'args'; callId: string; args: unknown }
  /**
   * The model's settings from that step on, each optional (what is not given stays as it was):
   * a configured provider (`default`: the `llm` section; else an id of `llm.providers`), the model
   * name, the temperature, the thinking. `from` (the parent's settings at the fork point, as its
   * file recorded them) and `to` (what the fork runs with) are filled in when the fork starts, so
   * a compare view can say what changed. Older files hold `{ what: 'model', model }` only.
   */
  | ({ what: 'model' } & ModelChangeFields & { from?: Partial<ModelSettings>; to?: ModelSettings })
  /** The system prompt from that step on. */
  | { what: 'systemPrompt'; text: string }
  /** One MCP server's instructions, as the model gets them, from that step on. */
  | { what: 'instructions'; server: string; text: string };

/** How much a model thinks, as a fork asks it: `off`, an effort, or a token budget (at least 1,024). */
export type ThinkingChoice = 'off' | 'low' | 'medium' | 'high' | number;

/** The model settings a fork may change; each optional. */
export interface ModelChangeFields {
  /** `default` (the `llm` section) or an id of `llm.providers`. */
  provider?: string;
  model?: string;
  temperature?: number;
  thinking?: ThinkingChoice;
}

/** The settings a model request goes out with (never the key). `null`: not set, the provider's own default. */
export interface ModelSettings {
  /** `default` or an id of `llm.providers`. */
  provider: string;
  /** The wire format: Anthropic Messages, OpenAI Responses or Chat Completions. */
  api: 'anthropic' | 'responses' | 'chat';
  endpoint: string;
  model: string;
  temperature: number | null;
  thinking: ThinkingChoice | null;
}

/** A configured provider as the fork editor offers it, with what it accepts. */
export interface ProviderOption extends ModelSettings {
  /** The thinking forms the provider takes (a budget, an effort, off); more may be refused for a given model. */
  thinkingForms: ('off' | 'effort' | 'budget')[];
  /** The highest temperature it takes (Anthropic 1, OpenAI 2). */
  maxTemperature: number;
}

/** The configured providers (`default` first) for the fork editor; `error` when one could not be read. */
export interface ForkModelOptions {
  providers: ProviderOption[];
  error?: string;
}

/** What kind of row a fork starts from (the step SEQ names). */
export type ForkPointKind = 'user' | 'model' | 'call' | 'result';

/** Where a fork's files are: a copy of the workspace as it was at that step, or the live workspace. */
export type ForkWorkspaceMode = 'copy' | 'live';

/** A fork asked for (CLI flags, the window's editor). */
export interface ForkRequest {
  /** The session forked. */
  parent: string;
  /** The seq of the row forked at. */
  at: number;
  change: ForkChange;
  /** Answer later tool calls from the parent where tool and arguments match (default: run them live). */
  recorded?: boolean;
  /** Default `copy`. */
  workspace?: ForkWorkspaceMode;
}

/** The fields a fork's `agent_start` carries besides `task` and `workspace`. */
export interface ForkStartFields {
  /** The session forked. */
  parent: string;
  /** The seq of the parent's row the fork starts from. */
  forkedAt: number;
  /** What was edited. */
  changed: ForkChange;
  /** The kind of row forked at. */
  forkKind: ForkPointKind;
  /** Later tool calls answered from the parent where tool and arguments match. */
  recorded?: boolean;
  /** `copy` (the files as they were, in a folder of the fork's own) or `live` (the user's workspace). */
  forkWorkspace?: ForkWorkspaceMode;
  /** True when the fork continues the conversation without a new user message. */
  continues?: boolean;
}

/** How a tool call of a fork was answered without running: copied from the parent, the edited result, or from the parent's recording. */
export type PresetAnswerKind = 'parent' | 'edited' | 'recorded';

/** A fork made in the window: the new session's id and where it works. */
export interface ForkResult {
  id: string;
  workspace: string;
  /** Set when the files could not be restored as they were (said to the user, the fork still runs). */
  warning?: string;
}

const FORK_TEXT = z.string().max(1_000_000);
/** An edited result as the window sends it: text only (no images). */
const FORK_RESULT = z.object({ output: FORK_TEXT.nullable(), error: FORK_TEXT.nullable(), images: z.array(z.object({ data: z.string(), mimeType: z.string() })).max(0), system: FORK_TEXT.nullable() });

/** A fork's thinking: `off`, `low`, `medium`, `high` or a token budget. */
export const ThinkingChoiceSchema = z.union(
  [
    z.enum(['off', 'low', 'medium', 'high']),
    z.number().int('a thinking budget is a whole number of tokens').min(1024, 'a thinking budget is at least 1,024 tokens').max(1_000_000, 'a thinking budget is at most 1,000,000 tokens'),
  ],
  { error: 'thinking is off, low, medium, high or a token budget' },
);

/** A provider id: `default` or a key of `llm.providers`. */
export const ProviderIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'a provider is `default` or an id of llm.providers (letters, digits, _ . -)');

/**
 * A fork's model settings as the window or the CLI asks them: each optional, at least one given;
 * the model name refused as `sessions.setModel` refuses it; the temperature within 0–2 (a
 * provider's own bound, Anthropic's 1, is checked against the configured provider).
 */
export const ModelChangeSchema = z
  .object({
    what: z.literal('model'),
    provider: ProviderIdSchema.optional(),
    model: z
      .string()
      .superRefine((name, ctx) => {
        const problem = modelNameProblem(name);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    temperature: z.number({ error: 'temperature is a number from 0 to 2' }).min(0, 'temperature is a number from 0 to 2').max(2, 'temperature is a number from 0 to 2').optional(),
    thinking: ThinkingChoiceSchema.optional(),
  })
  .refine((c) => c.provider !== undefined || c.model !== undefined || c.temperature !== undefined || c.thinking !== undefined, 'change at least one of provider, model, temperature, thinking');

/** The one thing a fork changes, as the window sends it (ForkChange, with sizes bounded). */
const ForkChangeSchema = z.discriminatedUnion('what', [
  z.object({ what: z.literal('none') }),
  z.object({ what: z.literal('message'), text: FORK_TEXT.min(1) }),
  z.object({ what: z.literal('result'), callId: z.string().max(200), result: FORK_RESULT }),
  z.object({ what: z.literal('args'), callId: z.string().max(200), args: z.record(z.string(), z.unknown()) }),
  ModelChangeSchema,
  z.object({ what: z.literal('systemPrompt'), text: FORK_TEXT }),
  z.object({ what: z.literal('instructions'), server: z.string().min(1).max(200), text: FORK_TEXT }),
]);

/**
 * A fork asked for from the window (`sessions.fork`): the row is a seq (`at`), or a call
 * (`callId`) and which part of it (`part`: the call, or its result); the host finds the seq.
 */
export const ForkWindowRequestSchema = z
  .object({
    parent: z.string().min(1).max(128),
    at: z.number().int().positive().optional(),
    callId: z.string().min(1).max(200).optional(),
    part: z.enum(['call', 'result']).optional(),
    recorded: z.boolean().optional(),
    workspace: z.enum(['copy', 'live']).optional(),
    change: ForkChangeSchema,
  })
  .refine((r) => r.at !== undefined || r.callId !== undefined, 'name the row: at (a seq) or callId');
/** A fork asked for from the window. */
export type ForkWindowRequest = z.infer<typeof ForkWindowRequestSchema>;
