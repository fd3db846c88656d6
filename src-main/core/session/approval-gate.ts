import { updateConfigFile, type GlassboxConfig } from '../config/config';
import type { GlassboxPaths } from '../config/paths';
import type { EventBus } from '../events/event-bus';
import { PolicyApprovalGate } from '../approvals/policy-approval-gate';
import type { ApprovalPort } from '../approvals/types';
import type { Sandbox } from '../sandbox/sandbox';
import { classify, initCommandClassifier } from '../tools/bash/command-classifier';
import type { ShellState } from '../tools/bash/shell-integration';
import type { ToolCollection } from '../tools/tool-collection';
import { realPathOf } from '../workspace/real-path';
import type { SecretRedactor } from '../secrets/redactor';
import type { SessionOptions } from './options';

/** What the session's approval gate reads from the session it guards. */
export interface ApprovalGateDeps {
  config: GlassboxConfig;
  workspace: string;
  paths: GlassboxPaths;
  bus: EventBus;
  redactor: SecretRedactor;
  sandbox: Sandbox;
  /** The session's tools (read when a call is checked, so tools added later count). */
  tools: () => ToolCollection;
  /** What the shell carries between calls (undefined before it started). */
  shellState: () => ShellState | undefined;
}

function isApprovalPort(p: unknown): p is ApprovalPort {
  return typeof (p as { request?: unknown } | null)?.request === 'function';
}

/**
 * The session's policy gate: on when `approveMode` is given or the config has an `approvals`
 * section (else the mode the host defaults to); null when the host brings its own `approvals`
 * gate or nothing turns approvals on.
 */
export function createApprovalGate(opts: SessionOptions, deps: ApprovalGateDeps): PolicyApprovalGate | null {
  const approveMode = opts.approveMode ?? (deps.config.approvals ? (deps.config.approvals.mode ?? 'ask') : opts.defaultApproveMode);
  return opts.approvals || !approveMode
    ? null
    : new PolicyApprovalGate({
        mode: approveMode,
        rules: deps.config.approvals?.rules ?? [],
        workspace: deps.workspace,
        // A host port that can do both (e.g. the CLI's terminal) answers approvals too.
        port: opts.approvalPort ?? (isApprovalPort(opts.humanInput) ? opts.humanInput : undefined),
        bus: deps.bus,
        timeoutMs: deps.config.approvals?.timeoutMs,
        isReadOnly: (name) => deps.tools().get(name)?.annotations?.readOnlyHint === true,
        // The editor's diff, computed from the file and the arguments (nothing written).
        // The dialog is not an event, so hide the session's secrets here as events do.
        preview: async (call) => deps.redactor.redactValue((await deps.tools().get(call.tool)?.preview?.(call.args, { workspace: deps.workspace })) ?? null),
        // What the OS sandbox confines now, and what the shell carries between calls.
        sandbox: () => deps.sandbox.state(),
        shellState: () => deps.shellState(),
        // The editor runs in-process: reading Glassbox's own keys and sessions asks.
        privatePaths: [deps.paths.home],
        // Paths are judged on their real paths (a symlink in the workspace may point out of it).
        classify: (command, ws, c) => classify(command, ws, { ...c, realPath: (p) => realPathOf(p) }),
        // The bash grammar (tree-sitter wasm, ~0.15 s of CPU) loads on the first bash check.
        prepareClassify: initCommandClassifier,
        noPortReason: opts.noApprovalPortReason,
        noPortHint: opts.noApprovalPortHint,
        // "Always" is a standing decision: keep it in the user's config (approvals.rules).
        onAlwaysAllow: (rule) => {
          try {
            updateConfigFile(deps.paths.config, (c) => {
              const rules = c.approvals?.rules ?? [];
              const known = rules.some((r) => r.tool === rule.tool && r.match === rule.match && r.decision === rule.decision);
              return known ? c : { ...c, approvals: { ...c.approvals, rules: [...rules, rule] } };
            });
          } catch (err) {
            deps.bus.emit({ type: 'log', level: 'warn', source: 'approvals', message: `could not save the rule to ${deps.paths.config}: ${(err as Error).message}` });
          }
        },
      });
}
