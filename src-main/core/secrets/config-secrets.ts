import type { GlassboxConfig, McpServerConfig } from '../config/config';
import { parseKeyValueList } from '../config/key-value-list';
import { AUTH_SCHEME, expandReferences, referencesAt, referencesIn, referenceValue, type Reference } from './references';
import { MIN_SECRET_LENGTH } from './redactor';
import { SecretStore } from './store';
import { glassboxPaths } from '../config/paths';

/** Environment variables whose values are always secrets (the model keys, the Brave Search key). */
export const SECRET_ENV_NAMES: readonly string[] = ['GLASSBOX_LLM_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'BRAVE_API_KEY', 'BRAVE_SEARCH_API_KEY'];

/** Environment variables in the `k=v,…` form whose values are secrets (OTLP export headers). */
const SECRET_HEADER_LIST_NAMES: readonly string[] = ['OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_EXPORTER_OTLP_TRACES_HEADERS'];

/** What the collector reads: the environment and (lazily) the key store. */
interface Source {
  env: NodeJS.ProcessEnv;
  store: () => SecretStore;
}

function sourceOf(env: NodeJS.ProcessEnv): Source {
  let store: SecretStore | undefined;
  return { env, store: () => (store ??= new SecretStore(glassboxPaths(env, false).state)) };
}

function valueOf(ref: Reference, src: Source): string | undefined {
  return referenceValue(ref, src.env, src.store());
}

/**
 * Adds a credential and the parts of it that are secrets on their own: the token of
 * `Bearer …` / `Token …` / `Bot …`, and for `Basic …` also the decoded `user:password` and the
 * password. Values shorter than MIN_SECRET_LENGTH are left out (they would hide ordinary words).
 */
function addCredential(out: Set<string>, value: string | undefined): void {
  const s = value?.trim();
  if (!s) return;
  if (s.length >= MIN_SECRET_LENGTH) out.add(s);
  const m = /^(\S+)\s+(\S+)$/.exec(s);
  if (!m || !AUTH_SCHEME.test(m[1]!)) return;
  if (m[2]!.length >= MIN_SECRET_LENGTH) out.add(m[2]!);
  if (m[1]!.toLowerCase() === 'basic') {
    const decoded = Buffer.from(m[2]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    // Only a real `user:password` pair (printable, no replacement characters).
    if (colon > 0 && /^[\x20-\x7e\u00a0-\uffff]+$/.test(decoded) && !decoded.includes('\ufffd')) {
      if (decoded.length >= MIN_SECRET_LENGTH) out.add(decoded);
      if (decoded.length - colon - 1 >= MIN_SECRET_LENGTH) out.add(decoded.slice(colon + 1));
    }
  }
}

/**
 * A value in a secret place (a key, a header, an env value, a client secret): the value as it
 * expands, and what each of its references stands for — so `Bearer ${env:SET} ${env:UNSET}` still
 * hides SET's value. A literal value is a secret as written.
 */
function addSecretValue(out: Set<string>, raw: unknown, src: Source): void {
  if (typeof raw !== 'string') return;
  const refs = referencesIn(raw);
  if (!refs.length) return addCredential(out, raw);
  for (const ref of refs) addCredential(out, valueOf(ref, src));
  try {
    addCredential(out, expandReferences(raw, 'secret', src.env));
  } catch {
    // A reference that is not set is reported where the value is used; here we only collect.
  }
}

/** True for an absolute file path (`/x`, `~/x`, `C:\x`): a place, not a secret. */
function isPath(value: string): boolean {
  return /^(?:\/|~(?:\/|$)|[A-Za-z]:[\\/])/.test(value);
}

/**
 * An MCP server's `args` entry: what its references stand for, unless that is a file path
 * (`${env:HOME}/projects`). A key store secret is always a secret.
 */
function addArgReferences(out: Set<string>, raw: unknown, src: Source): void {
  if (typeof raw !== 'string') return;
  for (const ref of referencesIn(raw)) {
    const v = valueOf(ref, src);
    if (v !== undefined && (ref.kind === 'secret' || !isPath(v))) addCredential(out, v);
  }
}

/**
 * An MCP server's URL: what references in its user info, path, query or fragment stand for (`?key=${env:KEY}`),
 * not those naming the host or port; and the password of `https://user:password@host`.
 */
function addUrlSecrets(out: Set<string>, raw: unknown, src: Source): void {
  if (typeof raw !== 'string') return;
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(raw);
  const hostStart = authority ? authority.index + authority[0].length - authority[1]!.length + authority[1]!.lastIndexOf('@') + 1 : -1;
  const hostEnd = authority ? authority.index + authority[0].length : -1;
  for (const ref of referencesAt(raw)) {
    const inHost = ref.index >= hostStart && ref.index < hostEnd;
    if (!inHost || ref.kind === 'secret') addCredential(out, valueOf(ref, src));
  }
  let expanded = raw;
  try {
    expanded = expandReferences(raw, 'url', src.env);
  } catch {
    // Not all set: look at the URL as written.
  }
  try {
    const password = decodeURIComponent(new URL(expanded).password);
    addCredential(out, password);
  } catch {
    // Not a URL (yet): nothing to take from it.
  }
}

function addServer(out: Set<string>, server: McpServerConfig | undefined, src: Source): void {
  if (!server || typeof server !== 'object') return;
  for (const v of Object.values(server.headers ?? {})) addSecretValue(out, v, src);
  for (const v of Object.values(server.env ?? {})) addSecretValue(out, v, src);
  addSecretValue(out, server.oauth?.clientSecret, src);
  addUrlSecrets(out, server.url, src);
  if (Array.isArray(server.args)) for (const a of server.args) addArgReferences(out, a, src);
}

/**
 * The secrets of one MCP server's config: its header and env values and OAuth client secret
 * (expanded, and each reference's value), the password in its URL and what references in its
 * URL (outside the host) and arguments (unless a file path) stand for. What that server's
 * traffic log and the MCP page hide.
 */
export function serverSecrets(server: McpServerConfig, env: NodeJS.ProcessEnv = process.env): string[] {
  const out = new Set<string>();
  addServer(out, server, sourceOf(env));
  return [...out];
}

/**
 * Every secret of a config and environment — the one list every redaction in Glassbox uses
 * (session files, the window, `--json`, exports, traces, the MCP page and traffic log, the
 * terminal): the model keys (`GLASSBOX_LLM_API_KEY`, `OPENAI_API_KEY`, `ANTHROPIC_API_KEY`,
 * `llm.apiKey`, each `llm.providers` entry's `apiKey`), every MCP server's serverSecrets, the OTLP export's header values (config
 * `telemetry.otlp.headers`, `OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_EXPORTER_OTLP_TRACES_HEADERS`)
 * and the Brave Search key (`webSearch.engines.brave.apiKey`, `BRAVE_API_KEY`,
 * `BRAVE_SEARCH_API_KEY`). Each at least MIN_SECRET_LENGTH characters.
 */
export function collectSecrets(config: GlassboxConfig, env: NodeJS.ProcessEnv = process.env): string[] {
  const out = new Set<string>();
  const src = sourceOf(env);
  for (const name of SECRET_ENV_NAMES) addCredential(out, env[name]);
  addSecretValue(out, config.llm?.apiKey, src);
  for (const entry of Object.values(config.llm?.providers ?? {})) addSecretValue(out, entry?.apiKey, src);
  for (const server of Object.values(config.mcpServers ?? {})) addServer(out, server, src);
  for (const v of Object.values(telemetryHeaders(config))) addSecretValue(out, v, src);
  for (const name of SECRET_HEADER_LIST_NAMES) for (const v of Object.values(parseKeyValueList(env[name]))) addCredential(out, v);
  addSecretValue(out, braveKey(config), src);
  return [...out];
}

function telemetryHeaders(config: GlassboxConfig): Record<string, unknown> {
  const headers = (config as { telemetry?: { otlp?: { headers?: unknown } } }).telemetry?.otlp?.headers;
  return headers && typeof headers === 'object' ? (headers as Record<string, unknown>) : {};
}

function braveKey(config: GlassboxConfig): unknown {
  return (config.webSearch as { engines?: { brave?: { apiKey?: unknown } } } | undefined)?.engines?.brave?.apiKey;
}

/**
 * The names of the environment variables that hold secrets of this config and environment,
 * sorted: SECRET_ENV_NAMES and the OTLP header lists (always, set or not), every variable a
 * secret place of the config refers to (`llm.apiKey`, MCP header, env and client-secret values,
 * OTLP headers, the Brave key: `${env:NAME}`), and every variable of `env` whose value holds
 * one of the collected secrets — wherever the user exported it. What a process the agent starts
 * (shell, Python) must not inherit.
 */
export function secretEnvNames(config: GlassboxConfig, env: NodeJS.ProcessEnv = process.env): string[] {
  const names = new Set<string>([...SECRET_ENV_NAMES, ...SECRET_HEADER_LIST_NAMES]);
  const places: unknown[] = [config.llm?.apiKey, Object.values(config.llm?.providers ?? {}).map((p) => p?.apiKey), Object.values(telemetryHeaders(config)), braveKey(config)];
  for (const server of Object.values(config.mcpServers ?? {})) places.push(server?.headers, server?.env, server?.oauth?.clientSecret);
  for (const ref of referencesIn(places)) if (ref.kind === 'env') names.add(ref.name);
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
