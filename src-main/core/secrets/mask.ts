import type { McpServerConfig } from '../config/config';
import { isReferenceOnly } from './references';
import { REDACTED } from './redactor';
import type { MaskedEntry, MaskedServerConfig, ServerConfigInput } from '../../../src-shared/contract/workbench-views';

/** Masks one record of env or header values. */
export function maskEntries(values: Record<string, string> | undefined): MaskedEntry[] {
  return Object.entries(values ?? {}).map(([key, value]) =>
    isReferenceOnly(value) ? { key, value, masked: false } : { key, value: null, masked: true },
  );
}

/** The config of one server as the renderer may see it: every secret value withheld. */
export function maskServerConfig(config: McpServerConfig): MaskedServerConfig {
  const out: MaskedServerConfig = {
    env: maskEntries(config.env),
    headers: maskEntries(config.headers),
    disabled: config.disabled === true,
    includeInstructions: config.includeInstructions !== false,
    disabledTools: [...(config.disabledTools ?? [])],
  };
  if (config.type !== undefined) out.type = config.type;
  if (config.command !== undefined) out.command = config.command;
  if (config.args !== undefined) out.args = [...config.args];
  if (config.cwd !== undefined) out.cwd = config.cwd;
  if (config.url !== undefined) out.url = maskUrlCredentials(config.url);
  if (config.timeoutMs !== undefined) out.timeoutMs = config.timeoutMs;
  if (config.prefix !== undefined) out.prefix = config.prefix;
  if (config.registry) out.registry = { name: config.registry.name, version: config.registry.version };
  return out;
}

/** Hides a password in `scheme://user:password@host` URLs (the page sends the masked URL back unchanged to keep it). */
export function maskUrlCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/:@]*):[^/@]*@/i, `$1:${REDACTED}@`);
}

type Unmasked = { ok: true; values: Record<string, string> | undefined } | { ok: false; reason: string };

/**
 * Rebuilds env/header values from what the page sent: an entry with value null keeps the
 * stored value of that key (the secret the page never saw); a null for a key that has no stored
 * value is an error rather than a silent empty string.
 */
export function unmaskEntries(
  input: { key: string; value: string | null }[] | undefined,
  stored: Record<string, string> | undefined,
  what: string,
): Unmasked {
  if (input === undefined) return { ok: true, values: stored ? { ...stored } : undefined };
  const values: Record<string, string> = {};
  for (const { key, value } of input) {
    const k = key.trim();
    if (k === '') continue;
    if (value === null) {
      const kept = stored?.[k];
      if (kept === undefined) return { ok: false, reason: `${what} '${k}' has no stored value; enter one` };
      values[k] = kept;
    } else values[k] = value;
  }
  return { ok: true, values: Object.keys(values).length ? values : undefined };
}

/**
 * Turns the page's edited config back into a real server config, restoring the secrets it
 * never saw from the stored config. Pure: returns an error instead of throwing.
 */
export function unmaskServerConfig(
  input: ServerConfigInput,
  stored: McpServerConfig | undefined,
): { ok: true; config: McpServerConfig } | { ok: false; reason: string } {
  const env = unmaskEntries(input.env, stored?.env, 'env');
  if (!env.ok) return env;
  const headers = unmaskEntries(input.headers, stored?.headers, 'header');
  if (!headers.ok) return headers;
  const config: McpServerConfig = { ...(stored ?? {}) };
  const set = <K extends keyof McpServerConfig>(k: K, v: McpServerConfig[K] | undefined): void => {
    if (v === undefined || v === '') delete config[k];
    else config[k] = v;
  };
  if ('type' in input) set('type', (input.type || undefined) as McpServerConfig['type']);
  if ('command' in input) set('command', input.command?.trim());
  if ('args' in input) set('args', input.args && input.args.length ? [...input.args] : undefined);
  if ('cwd' in input) set('cwd', input.cwd?.trim());
  if ('url' in input) {
    // A URL whose password was masked keeps the stored one.
    const url = input.url?.trim();
    set('url', url && stored?.url && url === maskUrlCredentials(stored.url) ? stored.url : url);
  }
  if ('timeoutMs' in input) set('timeoutMs', input.timeoutMs);
  if ('prefix' in input) set('prefix', input.prefix);
  if ('includeInstructions' in input) set('includeInstructions', input.includeInstructions);
  if ('disabled' in input) set('disabled', input.disabled || undefined);
  set('env', env.values);
  set('headers', headers.values);
  if (!config.command && !config.url) return { ok: false, reason: 'a server needs a command (stdio) or a URL (http/sse)' };
  return { ok: true, config };
}
