import { type GlassboxConfig } from '../config/config';
import { ConfigError } from '../config/config-error';
import type { EventBus } from '../events/event-bus';
import { sweptLine } from './new-repo-sweep';
import { Sandbox } from './sandbox';
import { parseSandboxConfig } from './config';

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

/** The tools that run confined: a call of one outside a run is swept after (no run end comes). */
const CONFINED_TOOLS = new Set(['bash', 'python_execute']);

/**
 * Disarms the git repositories confined code made during the session
 * (Sandbox.sweepNewRepositories): after each run, after a confined tool's call outside a run
 * (`glassbox mcp serve`, `tools call`, a replay), and when the returned function is called at
 * dispose (after the shell is gone, nothing confined can undo it). What was done goes out as a
 * `log` warning (source `sandbox`; the window shows it as a banner).
 */
export function sweepNewRepositoriesAfterRuns(bus: EventBus, sandbox: Sandbox, workspace: string): () => void {
  const sweep = () => {
    scheduled = false;
    for (const r of sandbox.sweepNewRepositories()) bus.emit({ type: 'log', level: 'warn', source: 'sandbox', message: sweptLine(workspace, r) });
  };
  // After the events of the moment are out: the walk can take a moment in a large workspace.
  let scheduled = false;
  const later = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(sweep);
  };
  let inRun = false;
  const offs = [
    bus.subscribe('agent_start', () => void (inRun = true)),
    bus.subscribe('agent_end', () => {
      inRun = false;
      later();
    }),
    bus.subscribe('tool_execution_end', (e) => {
      if (!inRun && CONFINED_TOOLS.has(e.tool)) later();
    }),
  ];
  return () => {
    for (const off of offs) off();
    sweep();
  };
}
