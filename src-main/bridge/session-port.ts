import type { GlassboxEvent } from '../../src-shared/events/event-types';
import type { EventBus } from '../core/events/event-bus';
import type { ForkFiles } from '../core/fork/start';
import type { Checkpoint, CheckpointFileChange } from '../../src-shared/contract/checkpoint-views';
import type { ExtensionInfo } from '../core/extensions/entry';
import type { EventSource } from '../core/secrets/redacted-events';
import type { SecretRedactor } from '../core/secrets/redactor';
import type { ToolCollection } from '../core/tools/tool-collection';
import type { ToolRunner } from '../core/tools/tool-runner';
import type { PendingDialog, SandboxBadge, SpendView } from '../../src-shared/contract/views';
import type { McpPort, McpSignInPort } from './workbench/mcp-page-service';
import type { ShellPort } from './workbench/terminal-service';

/**
 * What the bridge needs from a core session; `GlassboxSession` satisfies it as it is. The chat
 * side uses the run (`send` resolves when the run ends); the workbench panes use the tool path
 * (undo and replay go through it, so they are recorded), the tools' schemas, the shell, the
 * extensions and the MCP servers.
 */
export interface SessionPort {
  readonly id: string;
  readonly bus: EventBus;
  readonly running: boolean;
  send(text: string): Promise<unknown>;
  /** Runs the conversation again as it is, sending the last user message once (Retry after a failed run). */
  retry?(): Promise<unknown>;
  /** The last user message of the conversation (what a retry sends again). */
  lastTask?(): string | null;
  cancel(): Promise<unknown> | unknown;
  dispose(): Promise<void>;
  /** The bus's events with the session's secrets hidden (each redacted once): what the window gets. */
  readonly redactedEvents: EventSource;
  /**
   * The session's secrets, for what reaches the window other than live events: a saved file's
   * events, the task text, replay results, terminal output.
   */
  readonly redactor?: SecretRedactor;
  readonly runner: ToolRunner;
  readonly tools: ToolCollection;
  /** The agent's persistent shell (started on first use). */
  shell?(): ShellPort | Promise<ShellPort>;
  readonly extensions?: ExtensionsPort;
  /** The session's MCP servers (McpManager). */
  readonly mcp?: McpPort;
  /** OAuth sign-in to the session's remote MCP servers (McpSignIn). */
  readonly signIn?: McpSignInPort;
  /** Settles when the MCP servers being started have connected or failed. */
  mcpReady?(): Promise<void>;
  /** The workspace's checkpoints around each turn (core/checkpoints `SessionCheckpoints`), when on. */
  readonly checkpoints?: CheckpointsPort | null;
  /** Restores the conversation to a checkpoint's turn, when the session has a live agent. */
  readonly conversation?: ConversationPort;
  /** The OS sandbox of the shell and Python (core/sandbox `Sandbox`): its status is the window's badge. */
  readonly sandbox?: { status(): SandboxBadge };
  /** OpenTelemetry of the session (core/telemetry `SessionTelemetry`): its trace id, link and export counts. */
  readonly telemetry?: { status(): { traceId: string; traceUrl?: string; exporting: boolean; counts: { dropped: number; failed: number } } };
  /** Provider and model the next run uses (GlassboxSession's switched model, else the configured one); null when none. */
  modelInUse?(): { provider: string; model: string; switched?: boolean } | null;
  /** Runs a fork prepared on this session's file on from its fork point (core/fork `startFork`). */
  fork?(files: ForkFiles): Promise<unknown>;
  /** Adds a source of extra system text for every model request (MCP App views' context); returns the remover. */
  addSystemMessages?(source: () => string[]): () => void;
  /** Messages queued while a run works and *Stop after this step* (core/agent `SteerQueue`). */
  readonly steering?: {
    readonly queued: ReadonlyArray<{ id: string; text: string }>;
    add(text: string): string;
    edit(id: string, text: string): boolean;
    remove(id: string): boolean;
    take(): string[];
    stopAfterStep(): void;
    stopRequested(): boolean;
  };
  /** The spend meter (core/limits `SpendGuard`): spend so far and the limits in force. */
  readonly spend?: { status(): SpendView };
  /** Switches this session's model (recorded as `model_changed`); throws for a refused name. */
  setModel?(model: string): { provider: string; model: string };
}

/** A session's checkpoints (SessionCheckpoints). */
export interface CheckpointsPort {
  list(): Checkpoint[];
  preview(id: string): Promise<CheckpointFileChange[]>;
  restore(id: string, paths?: readonly string[]): Promise<{ undo: Checkpoint; after: Checkpoint; files: string[] }>;
}

/** Sets the conversation back to an earlier event (core/session `ConversationRewind`). */
export interface ConversationPort {
  restore(toSeq: number, opts?: { checkpointId?: string; undoOf?: number }): { seq: number; messages: number };
}

/** The session's extensions (ExtensionRegistry). */
export interface ExtensionsPort {
  list(): ExtensionInfo[];
  reload(name?: string): Promise<ExtensionInfo[]>;
  onChange(fn: () => void): () => void;
}

/**
 * Answers pending approval / human-input requests by id (the core's QueuedHumanPorts). Answers
 * return false when the id is not waiting. `pending`/`onChange`, when given, are the source of
 * truth for the dialog list; otherwise it is derived from the session's events.
 */
export interface DialogAnswerPort {
  answerApproval(requestId: string, decision: 'allow' | 'deny', always: boolean): boolean;
  answerQuestion(requestId: string, answer: string): boolean;
  answerElicitation(requestId: string, action: 'accept' | 'decline' | 'cancel', content?: Record<string, unknown>): boolean;
  pending?(): PendingDialog[];
  onChange?(listener: (pending: PendingDialog[]) => void): () => void;
  /** Cancels everything waiting (session closing). */
  cancelAll?(): void;
}

/** A core session just built, with the port that answers its dialogs. */
export interface OpenedSession {
  session: SessionPort;
  dialogs: DialogAnswerPort;
}

/**
 * How the bridge gets sessions: a fresh one (no id) or a saved one resumed (id), from `saved` (its
 * file as the host already read it) when given.
 */
export type SessionOpener = (sessionId?: string, saved?: { events: GlassboxEvent[]; warnings: string[] }) => Promise<OpenedSession>;
