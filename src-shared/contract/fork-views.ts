/*
 * Forks: what a fork changes, how it runs, and what its `agent_start` records. Shared by core
 * (which plans and runs a fork), the CLI, the bridge and the window's *Fork from here…* editor.
 */
import { z } from 'zod';
import type { ToolResultRecord } from '../events/tool-result';

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
  /** The model from that step on (the name only: provider, endpoint and key stay the configured ones). */
  | { what: 'model'; model: string }
  /** The system prompt from that step on. */
  | { what: 'systemPrompt'; text: string }
  /** One MCP server's instructions, as the model gets them, from that step on. */
  | { what: 'instructions'; server: string; text: string };

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

/** The one thing a fork changes, as the window sends it (ForkChange, with sizes bounded). */
const ForkChangeSchema = z.discriminatedUnion('what', [
  z.object({ what: z.literal('none') }),
  z.object({ what: z.literal('message'), text: FORK_TEXT.min(1) }),
  z.object({ what: z.literal('result'), callId: z.string().max(200), result: FORK_RESULT }),
  z.object({ what: z.literal('args'), callId: z.string().max(200), args: z.record(z.string(), z.unknown()) }),
  z.object({ what: z.literal('model'), model: z.string().max(200) }),
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
