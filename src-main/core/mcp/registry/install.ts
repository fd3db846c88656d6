import type { McpServerConfig } from '../../config/config';
import type { RegistryArgument, RegistryInput, RegistryKeyValue, RegistryPackage, RegistryServer, RegistryTransport } from './schema';

/** One way to run an entry: a package (npm, pypi, oci) or a remote endpoint. */
export interface InstallOption {
  /** `package:N` or `remote:N`: which of the entry's packages or remotes. */
  key: string;
  kind: 'npm' | 'pypi' | 'oci' | 'remote' | 'other';
  /** e.g. `npx @scope/pkg@1.2.3 (stdio)`, `streamable-http https://…`. */
  label: string;
  transport: string;
  /** Why Glassbox cannot install it, when it cannot. */
  unsupported?: string;
}

/** A value the user gives at install: an environment variable, header, argument or URL variable. */
export interface InstallInput {
  /** What it is called in answers (`--set KEY=VALUE`): the variable or header name, or `NAME.variable`. */
  key: string;
  target: 'env' | 'header' | 'argument' | 'url';
  description?: string;
  isSecret: boolean;
  isRequired: boolean;
  default?: string;
  choices?: string[];
  placeholder?: string;
}

/** What an install writes: the config entry (secrets as `${secret:…}`) and the secrets for the key store. */
export interface InstallResult {
  config: McpServerConfig;
  secrets: Record<string, string>;
}

/** An install that cannot be done as asked; the message says what to change. */
export class InstallError extends Error {
  readonly code = 'INSTALL_ERROR';
}

const NPM_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
const PYPI_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const OCI_NAME = /^[a-z0-9][a-z0-9._/:@-]*$/;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]*$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TEMPLATE_VAR = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The ways an entry can be run, packages first (in the entry's order), then remotes. */
export function installOptions(server: RegistryServer): InstallOption[] {
  const out: InstallOption[] = [];
  (server.packages ?? []).forEach((p, i) => {
    const kind = p.registryType === 'npm' || p.registryType === 'pypi' || p.registryType === 'oci' ? p.registryType : 'other';
    const runner = kind === 'npm' ? 'npx' : kind === 'pypi' ? 'uvx' : kind === 'oci' ? 'docker run' : p.registryType;
    const unsupported =
      kind === 'other'
        ? `${p.registryType} packages are not installed by Glassbox; add the server by hand`
        : p.transport.type !== 'stdio'
          ? `this package serves ${p.transport.type} itself; start it yourself and add its URL`
          : undefined;
    out.push({ key: `package:${i}`, kind, label: `${runner} ${p.identifier}${p.version ? `@${p.version}` : ''} (${p.transport.type})`, transport: p.transport.type, ...(unsupported ? { unsupported } : {}) });
  });
  (server.remotes ?? []).forEach((r, i) => {
    const ok = r.type === 'streamable-http' || r.type === 'sse';
    out.push({ key: `remote:${i}`, kind: 'remote', label: `${r.type} ${r.url ?? ''}`.trim(), transport: r.type, ...(ok ? {} : { unsupported: `remote transport ${r.type} is not supported` }) });
  });
  return out;
}

/** The option install uses when none is asked for: the first supported package, else the first supported remote. */
export function defaultOption(server: RegistryServer): InstallOption | undefined {
  return installOptions(server).find((o) => !o.unsupported);
}

/** A config id for an entry: the last part of its name (`io.github.acme/weather` → `weather`). */
export function defaultServerId(name: string): string {
  const last = name.split('/').pop() ?? name;
  return last.replace(/[^A-Za-z0-9_.-]/g, '-').replace(/^[-.]+/, '').slice(0, 64) || 'server';
}

function inputOf(key: string, target: InstallInput['target'], i: RegistryInput, required: boolean): InstallInput {
  return {
    key,
    target,
    isSecret: i.isSecret === true,
    isRequired: required,
    ...(i.description ? { description: i.description } : {}),
    ...(i.default !== undefined ? { default: i.default } : {}),
    ...(i.choices ? { choices: i.choices } : {}),
    ...(i.placeholder ? { placeholder: i.placeholder } : {}),
  };
}

/** Inputs of one value: itself when it has no fixed `value`, else the `{variables}` its value names. */
function inputsOfValue(key: string, target: InstallInput['target'], v: RegistryInput & { variables?: Record<string, RegistryInput> }): InstallInput[] {
  if (v.value === undefined) return [inputOf(key, target, v, v.isRequired === true)];
  const names = [...v.value.matchAll(TEMPLATE_VAR)].map((m) => m[1]!).filter((n) => v.variables?.[n]);
  return [...new Set(names)].map((n) => inputOf(`${key}.${n}`, target, v.variables![n]!, v.isRequired === true || v.variables![n]!.isRequired === true));
}

function argKey(a: RegistryArgument): string {
  return a.valueHint ?? a.name ?? 'argument';
}

/** The values the user is asked for to install `option` of `server`. */
export function installInputs(server: RegistryServer, optionKey: string): InstallInput[] {
  const { pkg, remote } = pick(server, optionKey);
  if (pkg) {
    return [
      ...(pkg.environmentVariables ?? []).flatMap((e) => inputsOfValue(e.name, 'env', e)),
      ...(pkg.packageArguments ?? []).flatMap((a) => inputsOfValue(argKey(a), 'argument', a)),
    ];
  }
  return [
    ...Object.entries(remote!.variables ?? {}).map(([n, v]) => inputOf(n, 'url', v, v.isRequired === true || v.default === undefined)),
    ...(remote!.headers ?? []).flatMap((h) => inputsOfValue(h.name, 'header', h)),
  ];
}

function pick(server: RegistryServer, optionKey: string): { pkg?: RegistryPackage; remote?: RegistryTransport } {
  const [kind, index] = optionKey.split(':');
  const i = Number(index);
  const pkg = kind === 'package' ? server.packages?.[i] : undefined;
  const remote = kind === 'remote' ? server.remotes?.[i] : undefined;
  if (!pkg && !remote) throw new InstallError(`${server.name} has no ${optionKey}`);
  return { pkg, remote };
}

/** A string the registry wrote must not smuggle a `${env:…}` reference into the config (the config would expand it). */
function fromRegistry(value: string, what: string): string {
  if (value.includes('${')) throw new InstallError(`${what} from the registry contains "\${", which Glassbox would expand from your environment; refusing to install it`);
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new InstallError(`${what} from the registry contains control characters`);
  return value;
}

/**
 * Builds the config entry for `option` of `server` from the user's answers, version pinned, with
 * every secret answer as a `${secret:<id>.<key>}` reference and the value in `secrets`. Throws
 * InstallError naming every missing required value (nothing is written then).
 */
export function buildInstall(server: RegistryServer, optionKey: string, id: string, answers: Record<string, string>): InstallResult {
  const { pkg, remote } = pick(server, optionKey);
  const option = installOptions(server).find((o) => o.key === optionKey)!;
  if (option.unsupported) throw new InstallError(option.unsupported);
  const inputs = installInputs(server, optionKey);
  const missing = inputs.filter((i) => i.isRequired && !answers[i.key] && i.default === undefined).map((i) => i.key);
  if (missing.length) throw new InstallError(`${server.name} needs ${missing.map((k) => `'${k}'`).join(', ')}: give ${missing.length > 1 ? 'them' : 'it'} with --set KEY=VALUE (or answer the prompt)`);
  const secrets: Record<string, string> = {};
  const byKey = new Map(inputs.map((i) => [i.key, i]));
  /** The answer for `key` as it goes into the config: a secret becomes a reference. */
  const answer = (key: string): string | undefined => {
    const input = byKey.get(key);
    const value = answers[key] ?? (input?.default !== undefined ? fromRegistry(input.default, `the default of ${key}`) : undefined);
    if (value === undefined || value === '') return undefined;
    if (input?.isSecret) {
      const ref = `${id}.${key}`.replace(/[^A-Za-z0-9_.-]/g, '_');
      secrets[ref] = value;
      return `\${secret:${ref}}`;
    }
    return value;
  };
  const valueOf = (key: string, v: RegistryInput & { variables?: Record<string, RegistryInput> }): string | undefined => {
    if (v.value === undefined) return answer(key);
    const template = fromRegistry(v.value, `the value of ${key}`);
    let empty = false;
    const filled = template.replace(TEMPLATE_VAR, (m, n: string) => {
      if (!v.variables?.[n]) return m;
      const a = answer(`${key}.${n}`);
      if (a === undefined) empty = true;
      return a ?? '';
    });
    return empty && !v.isRequired ? undefined : filled;
  };
  const registry = { name: server.name, version: server.version };
  if (pkg) {
    const version = pkg.version ?? server.version;
    if (!VERSION.test(version) || version === 'latest') throw new InstallError(`${server.name}: package version '${version}' is not a pinned version`);
    const env: Record<string, string> = {};
    for (const e of pkg.environmentVariables ?? []) {
      if (!ENV_NAME.test(e.name)) throw new InstallError(`${server.name}: '${e.name}' is not an environment variable name`);
      const v = valueOf(e.name, e);
      if (v !== undefined) env[e.name] = v;
    }
    const args: string[] = [];
    for (const a of pkg.packageArguments ?? []) {
      const v = valueOf(argKey(a), a);
      if (a.type === 'named') {
        const flag = fromRegistry(a.name ?? '', 'an argument name');
        if (!flag) continue;
        if (v === undefined) {
          if (a.value === undefined && !byKey.get(argKey(a))?.isRequired && answers[argKey(a)] === undefined) continue;
          args.push(flag);
        } else args.push(`${flag}=${v}`);
      } else if (v !== undefined) args.push(v);
    }
    let command: string;
    let commandArgs: string[];
    if (pkg.registryType === 'npm') {
      if (!NPM_NAME.test(pkg.identifier)) throw new InstallError(`${server.name}: '${pkg.identifier}' is not an npm package name`);
      command = 'npx';
      commandArgs = ['-y', `${pkg.identifier}@${version}`, ...args];
    } else if (pkg.registryType === 'pypi') {
      if (!PYPI_NAME.test(pkg.identifier)) throw new InstallError(`${server.name}: '${pkg.identifier}' is not a PyPI package name`);
      command = 'uvx';
      commandArgs = [`${pkg.identifier}==${version}`, ...args];
    } else {
      if (!OCI_NAME.test(pkg.identifier)) throw new InstallError(`${server.name}: '${pkg.identifier}' is not an image name`);
      // The container gets the variables by name (`-e NAME`): their values stay out of the command line.
      const image = /:[^/]*$|@sha256:/.test(pkg.identifier) ? pkg.identifier : `${pkg.identifier}:${version}`;
      command = 'docker';
      commandArgs = ['run', '-i', '--rm', ...Object.keys(env).flatMap((n) => ['-e', n]), image, ...args];
    }
    return { config: { command, args: commandArgs, ...(Object.keys(env).length ? { env } : {}), registry }, secrets };
  }
  const r = remote!;
  let url = fromRegistry(r.url ?? '', 'the remote URL');
  url = url.replace(TEMPLATE_VAR, (m, n: string) => (r.variables?.[n] ? (answers[n] ?? r.variables[n]!.default ?? m) : m));
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InstallError(`${server.name}: the remote URL '${url}' is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new InstallError(`${server.name}: the remote URL must be http(s)`);
  const headers: Record<string, string> = {};
  for (const h of r.headers ?? []) {
    if (!HEADER_NAME.test(h.name)) throw new InstallError(`${server.name}: '${h.name}' is not a header name`);
    const v = valueOf(h.name, h as RegistryKeyValue);
    if (v !== undefined) headers[h.name] = v;
  }
  return { config: { type: r.type === 'sse' ? 'sse' : 'http', url: parsed.toString(), ...(Object.keys(headers).length ? { headers } : {}), registry }, secrets };
}
