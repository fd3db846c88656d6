import type { McpServerConfig } from '../../config/config';
import type { SecretStore } from '../../secrets/store';
import { RegistryClient, RegistryError } from './client';
import type { RegistrySettings } from './config';
import { buildInstall, InstallError } from './install';
import type { RegistryServerResponse } from './schema';

/** A search hit: the entry and the registry it came from. */
export interface RegistryHit {
  registry: string;
  entry: RegistryServerResponse;
}

/** Search results of every configured registry, with the ones that failed. */
export interface RegistrySearchResult {
  hits: RegistryHit[];
  /** Registries that could not answer (the others' hits are still there). */
  failures: string[];
}

/**
 * Search and install over the configured registries (`mcp.registries`, in order) within the
 * allowlist (`mcp.allow`). One place for the CLI and the window.
 */
export class RegistryService {
  private readonly clients: RegistryClient[];

  constructor(
    private readonly settings: RegistrySettings,
    fetchImpl: typeof fetch = fetch,
  ) {
    this.clients = settings.registries.map((u) => new RegistryClient(u, fetchImpl));
  }

  /** Searches every registry; a name found in two is the first registry's. Throws RegistryError when none answered. */
  async search(query: string, limit = 30): Promise<RegistrySearchResult> {
    const answers = await Promise.allSettled(this.clients.map((c) => c.search(query, { limit })));
    const hits: RegistryHit[] = [];
    const failures: string[] = [];
    const seen = new Set<string>();
    answers.forEach((a, i) => {
      if (a.status === 'rejected') {
        failures.push((a.reason as Error).message);
        return;
      }
      for (const entry of a.value.servers) {
        const name = entry.server.name;
        if (seen.has(name) || !this.settings.allowed(name)) continue;
        seen.add(name);
        hits.push({ registry: this.clients[i]!.baseUrl, entry });
      }
    });
    if (failures.length === this.clients.length) throw new RegistryError(failures.join('\n'));
    return { hits, failures };
  }

  private checkAllowed(name: string): void {
    if (!this.settings.allowed(name)) throw new RegistryError(`${name} is not on the allowlist (config mcp.allow: ${this.settings.allow?.join(', ')})`);
  }

  /** One version (default the latest) of a server, from the first registry that has it. */
  async entry(name: string, version = 'latest'): Promise<RegistryHit> {
    this.checkAllowed(name);
    const errors: string[] = [];
    for (const c of this.clients) {
      try {
        return { registry: c.baseUrl, entry: await c.version(name, version) };
      } catch (err) {
        errors.push((err as Error).message);
      }
    }
    throw new RegistryError(errors.join('\n'));
  }

  /** Every version of a server, newest first, from the first registry that has it. */
  async versions(name: string): Promise<RegistryHit[]> {
    this.checkAllowed(name);
    const errors: string[] = [];
    for (const c of this.clients) {
      try {
        return (await c.versions(name)).map((entry) => ({ registry: c.baseUrl, entry }));
      } catch (err) {
        errors.push((err as Error).message);
      }
    }
    throw new RegistryError(errors.join('\n'));
  }

  /**
   * Installs `option` of an entry as server `id`: secrets into the key store, then the config
   * entry through `add` (which saves and connects). When `add` fails the secrets are taken out
   * again: nothing is left half-written. Throws InstallError for missing values or a refused entry.
   */
  async install(
    hit: RegistryHit,
    optionKey: string,
    id: string,
    answers: Record<string, string>,
    store: SecretStore,
    add: (id: string, config: McpServerConfig) => Promise<unknown>,
  ): Promise<McpServerConfig> {
    this.checkAllowed(hit.entry.server.name);
    const { config, secrets } = buildInstall(hit.entry.server, optionKey, id, answers);
    const names = Object.keys(secrets);
    if (names.length) store.set(secrets);
    try {
      await add(id, config);
    } catch (err) {
      if (names.length) store.remove(names);
      throw err instanceof InstallError ? err : new InstallError((err as Error).message);
    }
    return config;
  }
}
