import { isAbsolute, relative, resolve } from 'node:path';
import type { ApprovalRule } from '../config/config';
import type { ToolCallInfo } from '../hooks/tool-hooks';
import type { PolicyVerdict } from './approval-types';

/** Approval modes (`approvals.mode`, `--approve`; docs/agent.md). */
export type ApprovalMode = 'ask' | 'auto' | 'deny';

/** The bash classifier's verdict (src-main/core/tools/bash/command-classifier.ts). */
export interface CommandVerdict {
  risk: 'safe' | 'unknown' | 'dangerous';
  reasons: string[];
}

/** Everything the policy looks at; nothing else (pure). */
export interface PolicyInput {
  call: Pick<ToolCallInfo, 'tool' | 'args'>;
  workspace: string;
  mode: ApprovalMode;
  rules: ApprovalRule[];
  /** The tool says it only reads (annotations.readOnlyHint). */
  readOnly?: boolean;
  /** Classifies a bash command; absent or throwing = unknown risk. */
  classify?: (command: string, workspace: string) => CommandVerdict;
}

/** Editor commands that only read. */
const EDITOR_READ_COMMANDS = new Set(['view']);

/** Converts a glob (`*` any run of characters, `?` one) to an anchored regex. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (const ch of glob) {
    if (ch === '*') re += '[\\s\\S]*';
    else if (ch === '?') re += '[\\s\\S]';
    else re += ch.replace(/[.+^${}()|[\]\\/-]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** True when `text` matches the glob. */
export function globMatch(glob: string, text: string): boolean {
  return globToRegExp(glob).test(text);
}

/** What a rule's `match` glob is tested against: the command for bash, the path for file tools, else the args as JSON. */
export function matchTargets(call: Pick<ToolCallInfo, 'tool' | 'args'>, workspace: string): string[] {
  const a = call.args;
  if (typeof a.command === 'string' && (call.tool === 'bash' || call.tool.endsWith('_bash'))) return [a.command.trim()];
  if (typeof a.path === 'string') return [a.path, resolve(workspace, a.path)];
  if (typeof a.code === 'string') return [a.code];
  return [JSON.stringify(a)];
}

/** True when `path` (relative to the workspace or absolute) lies inside the workspace. */
export function isInsideWorkspace(path: string, workspace: string): boolean {
  const rel = relative(resolve(workspace), resolve(workspace, path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

const RANK = { deny: 3, ask: 2, allow: 1 } as const;

/** The strongest decision among the rules matching the call (deny > ask > allow), or null. */
export function matchRules(call: Pick<ToolCallInfo, 'tool' | 'args'>, rules: ApprovalRule[], workspace: string): { decision: 'allow' | 'ask' | 'deny'; rule: string } | null {
  let best: { decision: 'allow' | 'ask' | 'deny'; rule: string } | null = null;
  const targets = matchTargets(call, workspace);
  for (const r of rules) {
    if (!r || !RANK[r.decision] || !globMatch(r.tool, call.tool)) continue;
    if (r.match !== undefined && !targets.some((t) => globMatch(r.match as string, t))) continue;
    if (!best || RANK[r.decision] > RANK[best.decision]) {
      best = { decision: r.decision, rule: `${r.tool}${r.match !== undefined ? ` "${r.match}"` : ''} → ${r.decision}` };
    }
  }
  return best;
}

/** Turns "would ask" into the mode's answer: deny mode never asks. */
function askOr(mode: ApprovalMode, reasons: string[], rule?: string): PolicyVerdict {
  if (mode === 'deny') return { decision: 'deny', reasons: [...reasons, 'approval mode is deny'], ...(rule ? { rule } : {}) };
  return { decision: 'ask', reasons, ...(rule ? { rule } : {}) };
}

/**
 * The deterministic approval policy, outside the model. Rules first (deny > ask > allow; an
 * allow rule even lets a dangerous command through). Without a rule: read-only tools run;
 * bash goes by the classifier (safe runs, dangerous asks even in `auto`, unknown asks in
 * `ask`); edits outside the workspace ask even in `auto`; everything else asks in `ask`, runs in
 * `auto`. `deny` mode denies whatever would ask.
 */
export function evaluatePolicy(input: PolicyInput): PolicyVerdict {
  const { call, workspace, mode } = input;
  const ruled = matchRules(call, input.rules, workspace);
  if (ruled) {
    if (ruled.decision === 'ask') return askOr(mode, [`rule ${ruled.rule}`], ruled.rule);
    return { decision: ruled.decision, reasons: [`rule ${ruled.rule}`], rule: ruled.rule };
  }
  if (call.tool === 'bash' && typeof call.args.command === 'string') {
    let v: CommandVerdict;
    try {
      v = input.classify ? input.classify(call.args.command, workspace) : { risk: 'unknown', reasons: ['no command classifier'] };
    } catch (err) {
      v = { risk: 'unknown', reasons: [`classifier failed: ${(err as Error).message}`] };
    }
    if (v.risk === 'dangerous') return askOr(mode, [`dangerous command: ${v.reasons.join('; ')}`]);
    if (v.risk === 'safe') return { decision: 'allow', reasons: v.reasons };
    return mode === 'auto' ? { decision: 'allow', reasons: ['auto mode'] } : askOr(mode, v.reasons.length ? v.reasons : ['may change the system']);
  }
  if (call.tool === 'str_replace_editor' && typeof call.args.path === 'string') {
    const command = String(call.args.command ?? '');
    if (EDITOR_READ_COMMANDS.has(command)) return { decision: 'allow', reasons: ['reads a file'] };
    if (!isInsideWorkspace(call.args.path, workspace)) {
      return askOr(mode, [`edits ${resolve(workspace, call.args.path)}, outside the workspace ${resolve(workspace)}`]);
    }
    return mode === 'auto' ? { decision: 'allow', reasons: ['auto mode; inside the workspace'] } : askOr(mode, [`${command || 'edit'} ${call.args.path}`]);
  }
  if (input.readOnly) return { decision: 'allow', reasons: ['read-only tool'] };
  return mode === 'auto' ? { decision: 'allow', reasons: ['auto mode'] } : askOr(mode, [`${call.tool} may change things`]);
}
