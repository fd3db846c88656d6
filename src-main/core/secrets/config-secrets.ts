import { expandEnv, type GlassboxConfig } from '../config/config';
import { telemetrySecrets } from '../telemetry/telemetry-config';

/** Environment variables whose values are always secrets. */
export const SECRET_ENV_NAMES: readonly string[] = ['GLASSBOX_LLM_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY'];

function tryExpand(value: unknown, where: string, env: NodeJS.ProcessEnv): unknown {
  try {
    return expandEnv(value, where, env);
  } catch {
    return value; // a missing variable is reported where it is used; here we only collect
  }
}

/**
 * The secret values of a config and environment: API keys, MCP servers' header values (and the
 * token part of `Bearer …`) and MCP servers' env values, after `${env:…}` expansion; the OTLP
 * export's header values (config `telemetry.otlp.headers`, `OTEL_EXPORTER_OTLP_HEADERS`).
 */
export function collectSecrets(config: GlassboxConfig, env: NodeJS.ProcessEnv = process.env): string[] {
  const out = new Set<string>();
  const add = (v: unknown): void => {
    if (typeof v !== 'string') return;
    const s = v.trim();
    if (s.length >= 6) out.add(s);
    const bearer = /^(?:Bearer|Basic|Token)\s+(\S{6,})$/i.exec(s);
    if (bearer) out.add(bearer[1]);
  };
  for (const name of SECRET_ENV_NAMES) add(env[name]);
  add(tryExpand(config.llm?.apiKey, 'llm.apiKey', env));
  for (const [id, server] of Object.entries(config.mcpServers ?? {})) {
    for (const [k, v] of Object.entries(server?.headers ?? {})) add(tryExpand(v, `mcpServers.${id}.headers.${k}`, env));
    for (const [k, v] of Object.entries(server?.env ?? {})) add(tryExpand(v, `mcpServers.${id}.env.${k}`, env));
  }
  for (const v of telemetrySecrets(config, env)) add(v);
  return [...out];
}

/** `${env:NAME}` / `${NAME}` references, as the config expands them. */
const ENV_REF = /\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}/g;

function referencedNames(value: unknown, into: Set<string>): void {
  if (typeof value !== 'string') return;
  for (const m of value.matchAll(ENV_REF)) into.add(m[1]!);
}

/**
 * The names of the environment variables that hold secrets of this config and environment,
 * sorted: the model keys (always, set or not), every variable that `llm.apiKey` or an MCP
 * server's header or env value refers to (`${env:NAME}`), and every variable of `env` whose
 * value holds one of the config's secrets (collectSecrets) — wherever the user exported it.
 * What a process the agent starts (shell, Python) must not inherit.
 */
export function secretEnvNames(config: GlassboxConfig, env: NodeJS.ProcessEnv = process.env): string[] {
  const names = new Set<string>(SECRET_ENV_NAMES);
  referencedNames(config.llm?.apiKey, names);
  for (const server of Object.values(config.mcpServers ?? {})) {
    for (const v of Object.values(server?.headers ?? {})) referencedNames(v, names);
    for (const v of Object.values(server?.env ?? {})) referencedNames(v, names);
  }
  const secrets = collectSecrets(config, env);
  for (const [name, value] of Object.entries(env)) {
    if (value && secrets.some((s) => value.includes(s))) names.add(name);
  }
  return [...names].sort();
}

/** `env` without the variables `secretEnvNames` lists (a copy; `env` is not changed). */
export function withoutSecretEnv(config: GlassboxConfig, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const drop = new Set(secretEnvNames(config, env));
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) if (!drop.has(name)) out[name] = value;
  return out;
}
