import { ConfigError, type GlassboxConfig } from '../config/config';
import type { EventBus } from '../events/event-bus';
import { sweptLine } from './new-repo-sweep';
import { Sandbox } from './sandbox';
import { parseSandboxConfig } from './sandbox-config';

/**
 * The sandbox of one session, from the config's `sandbox` section (a malformed section is a
 * ConfigError: a typo must not loosen it). `warn` is told once when no sandbox can be had.
 */
export function createSessionSandbox(
  config: GlassboxConfig,
  workspace: string,
  glassboxHome: string,
  env: NodeJS.ProcessEnv,
  warn: (message: string) => void,
): Sandbox {
  const parsed = parseSandboxConfig(config.sandbox);
  if (!parsed.ok) throw new ConfigError(parsed.reason);
  return new Sandbox({ config: parsed.config, workspace, glassboxHome, env, onUnavailable: warn });
}

/**
 * Disarms, at the end of each run and when `dispose` is called, the git repositories confined
 * code made during the session (Sandbox.sweepNewRepositories), and tells the user what was
 * done in a `log` warning (source `sandbox`; the window shows it as a banner). Returns the
 * final sweep, for the session's dispose (after the shell is gone, nothing confined can undo it).
 */
export function sweepNewRepositoriesAfterRuns(bus: EventBus, sandbox: Sandbox, workspace: string): () => void {
  const sweep = () => {
    for (const r of sandbox.sweepNewRepositories()) bus.emit({ type: 'log', level: 'warn', source: 'sandbox', message: sweptLine(workspace, r) });
  };
  // After the run's last events are out: the walk can take a moment in a large workspace.
  const off = bus.subscribe('agent_end', () => void setImmediate(sweep));
  return () => {
    off();
    sweep();
  };
}
