import type { ApprovalMode, CommandVerdict, PolicyInput } from './policy';
import { askOr } from './policy';
import type { PolicyVerdict, SandboxState } from './types';
import { matchShellRules } from './rule-matching';

/**
 * What a command needs that the sandbox forbids: writes outside the workspace and the
 * writable roots, or the network when it is off. Null when nothing (or when there is no
 * sandbox to escape).
 */
export function escalationFor(v: CommandVerdict, sandbox: SandboxState | undefined): { reasons: string[] } | null {
  if (!sandbox?.active) return null;
  const reasons = [
    ...(v.writesOutside ?? []).map((p) => `sandbox: writes outside the workspace: ${p}`),
    ...(!sandbox.network && v.network?.length ? [`sandbox: needs the network (${v.network.join(', ')})`] : []),
  ];
  return reasons.length ? { reasons } : null;
}

const RUNS_OUTSIDE = 'approving runs this one call outside the sandbox';

/**
 * The policy for a bash line: rules per simple command, then the classifier's verdict, the
 * mode and the sandbox. An approval that lets a call escape the sandbox says so in its reasons
 * and carries `escalation`; rules and auto mode never grant one.
 */
export function shellVerdict(input: PolicyInput, mode: ApprovalMode): PolicyVerdict {
  const command = input.call.args.command as string;
  // Only the built-in shell runs in this OS sandbox; an MCP server's `*_bash` runs wherever it runs.
  const sandbox = input.call.tool === 'bash' ? input.sandbox : undefined;
  let v: CommandVerdict;
  try {
    v = input.classify
      ? input.classify(command, input.workspace, { cwd: input.shell?.cwd, shellNames: input.shell?.names, writableRoots: sandbox?.writableRoots ?? [], readOnlyRoots: sandbox?.readOnlyRoots ?? [] })
      : { risk: 'unknown', reasons: ['no command classifier'] };
  } catch (err) {
    v = { risk: 'unknown', reasons: [`classifier failed: ${(err as Error).message}`] };
  }
  const escalation = escalationFor(v, sandbox);
  const withEscalation = (reasons: string[]): Partial<PolicyVerdict> & { reasons: string[] } =>
    escalation ? { reasons: [...reasons, ...escalation.reasons, RUNS_OUTSIDE], escalation } : { reasons };

  const rule = matchShellRules(input.call.tool, command, v.commands ?? null, input.rules);
  if (rule?.decision === 'deny') return { decision: 'deny', reasons: [`rule ${rule.rule}`], rule: rule.rule };
  if (rule?.decision === 'ask') {
    const e = withEscalation([`rule ${rule.rule}`]);
    return askOr(mode, e.reasons, { ...e, rule: rule.rule });
  }
  if (rule?.decision === 'allow') {
    // A rule lets the command run, in the sandbox; leaving the sandbox still takes a human.
    if (escalation && mode !== 'deny') return { decision: 'ask', rule: rule.rule, ...withEscalation([`allowed by rule ${rule.rule}`]) };
    return { decision: 'allow', reasons: [`rule ${rule.rule}`], rule: rule.rule };
  }

  if (v.risk === 'dangerous') {
    const e = withEscalation([`dangerous command: ${v.reasons.join('; ')}`]);
    return askOr(mode, e.reasons, { ...e, dangerous: true });
  }
  if (v.risk === 'safe') return { decision: 'allow', reasons: v.reasons };
  const reasons = v.reasons.length ? v.reasons : ['may change the system'];
  if (mode !== 'auto') {
    const e = withEscalation(reasons);
    return askOr(mode, e.reasons, e);
  }
  if (!sandbox?.active) return askOr(mode, [...reasons, 'no OS sandbox confines it (auto mode runs only read-only commands unasked)']);
  if (escalation) {
    const e = withEscalation(reasons);
    return askOr(mode, e.reasons, e);
  }
  return { decision: 'allow', reasons: ['auto mode; runs in the sandbox', ...reasons] };
}
