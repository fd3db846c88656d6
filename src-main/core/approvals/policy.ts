import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ApprovalRule } from '../config/config';
import type { ToolCallInfo } from '../tools/tool';
import { privateFolderOf } from '../workspace/credential-paths';
import { checkInside, realPathOf } from '../workspace/real-path';
import { guardedFolderReason, hiddenFolders, readRefusal, writeRefusal } from '../workspace/file-access';
import type { PolicyVerdict, RecordedApproval, SandboxState } from './types';
import { hiddenCharactersReason } from './hidden-characters';
import { isShellCall, matchPathRules, matchRules, matchTargets, type CommandPart } from './rule-matching';
import { shellVerdict } from './shell-policy';


/** Approval modes (`approvals.mode` in the config, `--approve`). */
export type ApprovalMode = 'ask' | 'auto' | 'deny';

/** What the classifier is told besides the command (the shell's state, the sandbox's roots). */
export interface ClassifyContext {
  /** The shell's current directory (from the bash session), when known. */
  cwd?: string;
  /** Aliases and functions the shell has defined. */
  shellNames?: readonly string[];
  /** Writable besides the workspace. */
  writableRoots?: readonly string[];
  /** Read-only all the same inside those (the machine's /tmp entries in the private /tmp). */
  readOnlyRoots?: readonly string[];
}

/** The bash classifier's verdict (src-main/core/tools/bash/command-classifier.ts). */
export interface CommandVerdict {
  risk: 'safe' | 'unknown' | 'dangerous';
  reasons: string[];
  /** Per simple command (for rules); absent = rules may only deny or ask. */
  commands?: CommandPart[];
  /** Real paths written or deleted outside the workspace and writable roots. */
  writesOutside?: string[];
  /** What needs the network. */
  network?: string[];
}

/** Everything the policy looks at; nothing else (pure but for reading symlinks). */
export interface PolicyInput {
  call: Pick<ToolCallInfo, 'tool' | 'args'>;
  workspace: string;
  mode: ApprovalMode;
  rules: ApprovalRule[];
  /** The tool says it only reads (annotations.readOnlyHint). */
  readOnly?: boolean;
  /** Classifies a bash command; absent or throwing = unknown risk. */
  classify?: (command: string, workspace: string, ctx?: ClassifyContext) => CommandVerdict;
  /** The shell's state for the classifier. */
  shell?: { cwd?: string; names?: readonly string[] };
  /** The OS sandbox bash and python run in; absent = none (every non-read-only command asks). */
  sandbox?: SandboxState;
  /** Folders no tool should read unasked besides the credentials in the home folder ($GLASSBOX_HOME). */
  privatePaths?: readonly string[];
  /** The user's home directory (default os.homedir()); tests pin it. */
  userHome?: string;
  /** Set when the call re-runs a recorded one: the policy runs as in `ask`, and a call that was denied asks again. */
  replay?: { of: string; recorded: RecordedApproval | null };
}

/** Editor commands that only read. */
const EDITOR_READ_COMMANDS = new Set(['view']);
/** Tools the OS sandbox confines. */
const SANDBOXED_TOOLS = new Set(['bash', 'python_execute']);

/**
 * True when `path` (relative to the workspace or absolute) really lies inside the workspace:
 * compared on real paths, so a symlink in the workspace that points out of it is outside.
 */
export function isInsideWorkspace(path: string, workspace: string): boolean {
  return checkInside(resolve(workspace, path), [resolve(workspace)]).ok;
}

/**
 * Folders inside the workspace whose files make programs run outside any sandbox (`.git`,
 * `.glassbox`, any depth, any letter case). The editor runs in-process, so an edit there asks
 * even in `auto` (the sandbox keeps the shell from writing them).
 */
function guardedFolder(real: string, workspace: string): string | null {
  return guardedFolderReason(real, realPathOf(resolve(workspace)));
}

/** Turns "would ask" into the mode's answer: deny mode never asks. */
export function askOr(mode: ApprovalMode, reasons: string[], extra: Partial<PolicyVerdict> = {}): PolicyVerdict {
  if (mode === 'deny') return { decision: 'deny', reasons: [...reasons, 'approval mode is deny'], ...(extra.rule ? { rule: extra.rule } : {}) };
  return { decision: 'ask', reasons, ...extra };
}

/**
 * What an editor call reaches beyond what tools may touch unasked (workspace/file-access.ts):
 * the real path, judged now, when it is hidden (any command) or outside the workspace or in a
 * guarded folder (edits). An approval of the call grants exactly that path to the editor.
 */
function editorGrant(input: PolicyInput, path: string): { paths: string[] } | undefined {
  const { workspace, call } = input;
  const real = realPathOf(resolve(workspace, path));
  const access = { workspace: realPathOf(resolve(workspace)), hidden: hiddenFolders(input.userHome ?? homedir(), input.privatePaths ?? []) };
  const refused = EDITOR_READ_COMMANDS.has(String(call.args.command ?? '')) ? readRefusal(real, access) : writeRefusal(real, 'file', access);
  return refused ? { paths: [real] } : undefined;
}

/**
 * The deterministic approval policy, outside the model. Rules first (deny > ask > allow; for
 * bash per simple command). Without a rule: read-only tools run; bash goes by the classifier
 * (safe runs; dangerous asks even in `auto`; in `auto` other commands run when the OS sandbox
 * confines them and ask when there is none or they need what it forbids — asked as an
 * escalation); edits whose real path is outside the workspace ask even in `auto`; everything
 * else asks in `ask` and runs in `auto` (python only inside a sandbox). `deny` mode denies
 * whatever would ask. A replayed call is judged as in `ask`, and one that was denied when it
 * was recorded asks again whatever the rules say.
 */
export function evaluatePolicy(input: PolicyInput): PolicyVerdict {
  const verdict = evaluateCall(input);
  const hidden = verdict.decision === 'allow' ? null : hiddenCharactersReason(input.call.args);
  return hidden ? { ...verdict, reasons: [hidden, ...verdict.reasons] } : verdict;
}

function evaluateCall(input: PolicyInput): PolicyVerdict {
  const replay = input.replay;
  const mode: ApprovalMode = replay && input.mode !== 'deny' ? 'ask' : input.mode;
  const verdict = decide({ ...input, mode });
  if (!replay) return verdict;
  const rec = replay.recorded;
  const note = `replay of ${replay.of}; when recorded: ${rec ? `${rec.decision === 'allow' ? 'allowed' : 'denied'} by ${rec.by}` : 'no approval was recorded'}`;
  if (rec?.decision === 'deny' && verdict.decision === 'allow') return askOr(mode, [note, ...verdict.reasons], verdict.grant ? { grant: verdict.grant } : {});
  return verdict.decision === 'ask' ? { ...verdict, reasons: [note, ...verdict.reasons] } : verdict;
}

function decide(input: PolicyInput): PolicyVerdict {
  const { call, workspace, mode } = input;
  if (isShellCall(call)) return shellVerdict(input, mode);
  const path = typeof call.args.path === 'string' ? call.args.path : null;
  // An editor call's approval (a yes, an allow rule) grants it the real path judged here, no other.
  const grant = call.tool === 'str_replace_editor' && path !== null ? editorGrant(input, path) : undefined;
  const granting = grant ? { grant } : {};
  const ruled = path !== null ? matchPathRules(call.tool, matchTargets(call, workspace), realPathOf(resolve(workspace, path)), input.rules) : matchRules(call, input.rules, workspace);
  if (ruled) {
    if (ruled.decision === 'ask') return askOr(mode, [`rule ${ruled.rule}`], { rule: ruled.rule, ...granting });
    return { decision: ruled.decision, reasons: [`rule ${ruled.rule}`], rule: ruled.rule, ...(ruled.decision === 'allow' ? granting : {}) };
  }
  if (call.tool === 'str_replace_editor' && typeof call.args.path === 'string') {
    const command = String(call.args.command ?? '');
    if (EDITOR_READ_COMMANDS.has(command)) {
      // The editor runs inside Glassbox, where the sandbox does not hide credentials.
      const secret = privateFolderOf(resolve(workspace, call.args.path), input.userHome, [...(input.privatePaths ?? []), join(input.userHome ?? homedir(), '.glassbox')]);
      if (secret) return askOr(mode, [`reads ${resolve(workspace, call.args.path)}, inside ${secret} (credentials or Glassbox's own keys and sessions)`], granting);
      if (grant) return askOr(mode, [`reads ${resolve(workspace, call.args.path)}, hidden from tools`], granting);
      return { decision: 'allow', reasons: ['reads a file'] };
    }
    const inside = checkInside(resolve(workspace, call.args.path), [resolve(workspace)]);
    if (!inside.ok) {
      return askOr(mode, [`${command || 'edit'} outside the workspace: ${inside.reason}`], granting);
    }
    const guarded = guardedFolder(inside.real, workspace);
    if (guarded) return askOr(mode, [`${command || 'edit'} ${inside.real}: ${guarded}`], granting);
    if (grant) return askOr(mode, [`${command || 'edit'} ${inside.real}, hidden from tools (credentials or Glassbox's own keys and sessions)`], granting);
    return mode === 'auto' ? { decision: 'allow', reasons: ['auto mode; inside the workspace'] } : askOr(mode, [`${command || 'edit'} ${call.args.path}`]);
  }
  if (input.readOnly) return { decision: 'allow', reasons: ['read-only tool'] };
  if (SANDBOXED_TOOLS.has(call.tool) && mode === 'auto' && !input.sandbox?.active) {
    return askOr(mode, [`${call.tool} may change things and no OS sandbox confines it`]);
  }
  return mode === 'auto' ? { decision: 'allow', reasons: [SANDBOXED_TOOLS.has(call.tool) ? 'auto mode; runs in the sandbox' : 'auto mode'] } : askOr(mode, [`${call.tool} may change things`]);
}
