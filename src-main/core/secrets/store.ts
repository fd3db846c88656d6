import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../config/atomic-write';

/** A key in the store: what `${secret:NAME}` names in the config (`<serverId>.<VARIABLE>` for installed servers). */
export const SECRET_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

const StoreSchema = z.record(z.string(), z.string());

/**
 * The key store: secrets the config refers to as `${secret:NAME}` (an installed MCP server's API
 * key or token), kept apart from config.json (which users copy, share and back up) in
 * `$GLASSBOX_HOME/state/secrets.json`, mode 0600, like the saved model key.
 */
export class SecretStore {
  readonly file: string;

  /** `stateDir`: `$GLASSBOX_HOME/state`. */
  constructor(stateDir: string) {
    this.file = join(stateDir, 'secrets.json');
  }

  /** Every stored secret by name; an unreadable or damaged file holds none. */
  all(): Record<string, string> {
    if (!existsSync(this.file)) return {};
    try {
      const parsed = StoreSchema.safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  }

  /** One secret, or undefined. */
  get(name: string): string | undefined {
    return Object.hasOwn(this.all(), name) ? this.all()[name] : undefined;
  }

  /** Sets several secrets in one write (0600). Throws for a bad name or when the file cannot be written. */
  set(values: Record<string, string>): void {
    for (const name of Object.keys(values)) if (!SECRET_NAME.test(name)) throw new Error(`invalid secret name '${name}'`);
    this.write({ ...this.all(), ...values });
  }

  /** Forgets the named secrets (one write). */
  remove(names: string[]): void {
    const next = this.all();
    let changed = false;
    for (const n of names) {
      if (Object.hasOwn(next, n)) {
        delete next[n];
        changed = true;
      }
    }
    if (changed) this.write(next);
  }

  private write(values: Record<string, string>): void {
    writeFileAtomic(this.file, JSON.stringify(values, null, 2) + '\n', 0o600);
  }
}
