import { resolve } from 'node:path';
import type { ApprovalRule } from '../config/config';
import type { ToolCallInfo } from '../tools/tool';
import { Glob } from '../../../src-shared/text/glob';

/** Rule decisions by strength: deny beats ask beats allow. */
export const RANK = { deny: 3, ask: 2, allow: 1 } as const;

/** A rule's decision and how it reads ("bash "git status*" → allow"). */
export interface RuleMatch {
  decision: 'allow' | 'ask' | 'deny';
  rule: string;
}

/**
 * True when `text` matches the glob (`*` any run of characters, `?` one, `{a,b}` either; the one
 * glob of src-shared/text/glob.ts, matched without a regex: a rule's glob against a long command
 * must not backtrack). Rules come from a config checked by GlobSchema or from {@link escapeGlob}.
 */
export function globMatch(glob: string, text: string): boolean {
  return new Glob(glob).test(text);
}

/**
 * A glob that matches exactly `s` (an "always" rule for one target): the glob has no escapes, so
 * `*`, `?` and `{` in the target become `?` (any one character) — a `{a,b}` in a command must not
 * turn into alternatives, nor a `*` into a wildcard.
 */
export function escapeGlob(s: string): string {
  return s.replace(/[*?{]/g, '?');
}

/** True for the built-in shell and MCP shells (`*_bash`): their `command` is a bash line. */
export function isShellCall(call: Pick<ToolCallInfo, 'tool' | 'args'>): boolean {
  return typeof call.args.command === 'string' && (call.tool === 'bash' || call.tool.endsWith('_bash'));
}

/** What a rule's `match` glob is tested against: the command for bash, the path for file tools, else the args as JSON. */
export function matchTargets(call: Pick<ToolCallInfo, 'tool' | 'args'>, workspace: string): string[] {
  const a = call.args;
  if (isShellCall(call)) return [(a.command as string).trim()];
  if (typeof a.path === 'string') return [a.path, resolve(workspace, a.path)];
  if (typeof a.code === 'string') return [a.code];
  return [JSON.stringify(a)];
}

/** The strongest decision among the rules for `tool` whose glob matches one of `targets`, or null. */
export function strongestRule(tool: string, targets: string[], rules: ApprovalRule[]): RuleMatch | null {
  let best: RuleMatch | null = null;
  for (const r of rules) {
    if (!r || !RANK[r.decision] || !globMatch(r.tool, tool)) continue;
    if (r.match !== undefined && !targets.some((t) => globMatch(r.match as string, t))) continue;
    if (!best || RANK[r.decision] > RANK[best.decision]) {
      best = { decision: r.decision, rule: `${r.tool}${r.match !== undefined ? ` "${r.match}"` : ''} → ${r.decision}` };
    }
  }
  return best;
}

/** The strongest decision among the rules matching the call (deny > ask > allow), or null. */
export function matchRules(call: Pick<ToolCallInfo, 'tool' | 'args'>, rules: ApprovalRule[], workspace: string): RuleMatch | null {
  return strongestRule(call.tool, matchTargets(call, workspace), rules);
}

/** One simple command of a bash line as the classifier saw it. */
export interface CommandPart {
  /** Literal text; null when no rule may decide it (a redirect, words known only at run time). */
  text: string | null;
  risk: 'safe' | 'unknown' | 'dangerous';
}

/**
 * Rules for a bash line, decided per simple command, never on the whole string: a deny or ask
 * rule matching the line or any of its commands wins; an allow rule only counts when every
 * command of the line is allowed by a rule or read-only, so `git status*` → allow never lets
 * `git status; rm -rf …` through. Null when no rule decides.
 */
export function matchShellRules(tool: string, line: string, parts: CommandPart[] | null, rules: ApprovalRule[]): RuleMatch | null {
  const strict = strongestRule(tool, [line.trim(), ...(parts ?? []).flatMap((p) => (p.text === null ? [] : [p.text]))], rules.filter((r) => r && r.decision !== 'allow'));
  if (strict) return strict;
  if (!parts || parts.length === 0) return null;
  const allowRules = rules.filter((r) => r && r.decision === 'allow');
  let used: RuleMatch | null = null;
  for (const p of parts) {
    const m = p.text === null ? null : strongestRule(tool, [p.text], allowRules);
    if (m) used ??= m;
    else if (p.risk !== 'safe') return null;
  }
  return used;
}

/**
 * Rules for a call that names a path: deny and ask rules match the path as given, resolved,
 * or real; an allow rule must match the real path (symlinks resolved), so `/work/ws/*` →
 * allow does not cover `/work/ws/link/x` when `link` points out of the workspace.
 */
export function matchPathRules(tool: string, texts: string[], real: string, rules: ApprovalRule[]): RuleMatch | null {
  const strict = strongestRule(tool, [...texts, real], rules.filter((r) => r && r.decision !== 'allow'));
  return strict ?? strongestRule(tool, [real], rules.filter((r) => r && r.decision === 'allow'));
}
