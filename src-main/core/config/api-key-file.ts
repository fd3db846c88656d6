import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write';
import type { GlassboxPaths } from './paths';

/**
 * Where an API key saved from Settings lives when there is no OS keychain (the web host):
 * `$GLASSBOX_HOME/state/api-key`, mode 0600, apart from config.json (which users copy, share
 * and back up). Sessions read it when the config names no key.
 */
export function apiKeyFile(paths: Pick<GlassboxPaths, 'state'>): string {
  return join(paths.state, 'api-key');
}

/** The saved key, or undefined when there is none. */
export function readApiKeyFile(paths: Pick<GlassboxPaths, 'state'>): string | undefined {
  const file = apiKeyFile(paths);
  if (!existsSync(file)) return undefined;
  const key = readFileSync(file, 'utf8').trim();
  return key || undefined;
}

/** Saves (0600) or, with null, removes the key. */
export function writeApiKeyFile(paths: Pick<GlassboxPaths, 'state'>, key: string | null): void {
  const file = apiKeyFile(paths);
  if (!key) rmSync(file, { force: true });
  else writeFileAtomic(file, key, 0o600);
}
