import { ConfigError } from '../config/config-error';
import { glassboxPaths } from '../config/paths';
import { SecretStore } from './store';

/**
 * A reference in a config value: `${secret:NAME}` (the key store), `${env:NAME}` or `${NAME}`
 * (the environment). Group 1 is a key-store name, group 2 an environment variable's name.
 */
const REFERENCE = /\$\{secret:([A-Za-z0-9_][A-Za-z0-9_.-]*)\}|\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The credential schemes a header value may start with (`Bearer ${env:TOKEN}`). */
export const AUTH_SCHEME = /^(?:Bearer|Basic|Token|Bot)$/i;

/** One reference in a value, as written. */
export interface Reference {
  /** `env` for `${env:NAME}` / `${NAME}`, `secret` for `${secret:NAME}`. */
  kind: 'env' | 'secret';
  name: string;
}

/** The references in one string, each with the offset it starts at. */
export function referencesAt(text: string): Array<Reference & { index: number }> {
  return [...text.matchAll(REFERENCE)].map((m) => (m[1] !== undefined ? { kind: 'secret', name: m[1], index: m.index } : { kind: 'env', name: m[2]!, index: m.index }));
}

/** Every reference in `value` (strings inside arrays and objects too), in order. */
export function referencesIn(value: unknown): Reference[] {
  const out: Reference[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      for (const { kind, name } of referencesAt(v)) out.push({ kind, name });
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (isRecord(v)) Object.values(v).forEach(walk);
  };
  walk(value);
  return out;
}

/**
 * True when a value holds no secret of its own: it refers to the environment or key store
 * (`${env:TOKEN}`), with at most a credential scheme around it (`Bearer ${env:TOKEN}`). The
 * window may show such a value; any other env or header value is withheld.
 */
export function isReferenceOnly(value: string): boolean {
  if (!referencesIn(value).length) return false;
  const rest = value.replace(REFERENCE, '').trim();
  return rest === '' || AUTH_SCHEME.test(rest);
}

/** Where `${secret:NAME}` reads from: the key store of the home `env` names. */
function keyStoreOf(env: NodeJS.ProcessEnv): SecretStore {
  return new SecretStore(glassboxPaths(env, false).state);
}

/**
 * What one reference stands for, or undefined when the variable is not set or the key store
 * has no such secret. Never throws: the collector asks this for every reference it finds.
 */
export function referenceValue(ref: Reference, env: NodeJS.ProcessEnv = process.env, store: SecretStore = keyStoreOf(env)): string | undefined {
  return ref.kind === 'secret' ? store.get(ref.name) : env[ref.name];
}

/**
 * The one expansion of config values: `${env:NAME}` and `${NAME}` from `env`, `${secret:NAME}`
 * from the key store of the home `env` names (`$GLASSBOX_HOME/state/secrets.json`), in every
 * string inside `value`, in one pass (an expanded value is never expanded again). A variable
 * that is not set, or a secret the store does not hold, is a ConfigError naming `where` (e.g.
 * `mcpServers.files.env.TOKEN`) and the variable — never a silent empty string. Each caller turns
 * that error into its own failure (a server in error, an engine unavailable, exit 2).
 */
export function expandReferences<T>(value: T, where: string, env: NodeJS.ProcessEnv = process.env): T {
  let store: SecretStore | undefined;
  const expand = (v: unknown, at: string): unknown => {
    if (typeof v === 'string') {
      return v.replace(REFERENCE, (_m, secret: string | undefined, name: string | undefined) => {
        if (secret !== undefined) {
          store ??= keyStoreOf(env);
          const found = store.get(secret);
          if (found === undefined) throw new ConfigError(`${at}: secret ${secret} is not in the key store (${store.file}); install the server again to enter it`);
          return found;
        }
        const found = env[name!];
        if (found === undefined) throw new ConfigError(`${at}: environment variable ${name} is not set`);
        return found;
      });
    }
    if (Array.isArray(v)) return v.map((x, i) => expand(x, `${at}[${i}]`));
    if (isRecord(v)) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = expand(x, `${at}.${k}`);
      return out;
    }
    return v;
  };
  return expand(value, where) as T;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
