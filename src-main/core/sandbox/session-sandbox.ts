import { ConfigError, type GlassboxConfig } from '../config/config';
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
