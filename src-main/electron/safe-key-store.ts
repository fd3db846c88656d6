import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { safeStorage } from 'electron';
import { writeFileAtomic } from '../core/config/atomic-write';
import type { ApiKeyStore } from '../bridge/settings-store';

/**
 * The desktop app keeps the API key encrypted with the OS keychain (Electron safeStorage) in
 * `$GLASSBOX_HOME/state/api-key.bin`, never in config.json and never in the renderer. Only the
 * main process decrypts it, to hand it to sessions as GLASSBOX_LLM_API_KEY.
 */
export class SafeKeyStore implements ApiKeyStore {
  private readonly file: string;

  constructor(stateDir: string) {
    this.file = join(stateDir, 'api-key.bin');
  }

  has(): boolean {
    return existsSync(this.file);
  }

  set(key: string | null): void {
    if (!key) {
      rmSync(this.file, { force: true });
      return;
    }
    if (!safeStorage.isEncryptionAvailable()) {
      throw Object.assign(new Error('This system has no keychain for safe storage; set GLASSBOX_LLM_API_KEY in the environment instead.'), { code: 'FAILED' });
    }
    writeFileAtomic(this.file, safeStorage.encryptString(key), 0o600);
  }

  /** The key, for the main process only. */
  read(): string | undefined {
    if (!existsSync(this.file) || !safeStorage.isEncryptionAvailable()) return undefined;
    try {
      return safeStorage.decryptString(readFileSync(this.file));
    } catch {
      return undefined;
    }
  }
}
