/*
 * Forks: what a fork changes, how it runs, and what its `agent_start` records. Shared by core
 * (which plans and runs a fork), the CLI, the bridge and the window's *Fork from here…* editor.
 */
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

/**
 * A fork asked for from the window: the row is a seq (`at`), or a call (`callId`) and which part
 * of it (`part`: the call, or its result); the host finds the seq.
 */
export type ForkWindowRequest = Omit<ForkRequest, 'at'> & { at?: number; callId?: string; part?: 'call' | 'result' };
