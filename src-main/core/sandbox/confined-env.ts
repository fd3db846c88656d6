import type { GlassboxConfig } from '../config/config';
import { withoutSecretEnv } from '../secrets/config-secrets';

/** Variables a confined process must not get even when they hold no secret: they reach outside. */
const OUTSIDE_HANDLES = ['SSH_AUTH_SOCK', 'GPG_AGENT_INFO', 'DBUS_SESSION_BUS_ADDRESS'];

/**
 * The environment for the shell and Python: `env` minus the model and MCP secrets (the model
 * keys, every variable a configured key, header or MCP env value refers to, and every variable
 * holding one of those values, wherever the user exported it), minus handles to agents outside
 * the sandbox (ssh-agent, gpg-agent, the session bus).
 */
export function confinedEnv(config: GlassboxConfig, env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(withoutSecretEnv(config, env))) {
    if (value !== undefined && !OUTSIDE_HANDLES.includes(name)) out[name] = value;
  }
  return out;
}
