import { parseSavedServerAuth } from './file-store';
import type { OAuthStore, SavedServerAuth } from './store';
import { OAuthFiles } from './files';

/** Encrypts strings for this user only: Electron's `safeStorage` has exactly this shape. */
export interface StringCipher {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/**
 * Sign-ins encrypted with the OS keychain (Electron safeStorage) in
 * `$GLASSBOX_HOME/state/oauth/<serverId>.bin` (mode 0600 as well): the desktop app. A file
 * that no longer decrypts (another user, a reset keychain) reads as "not signed in".
 */
export class EncryptedOAuthStore implements OAuthStore {
  private readonly files: OAuthFiles;

  constructor(
    dir: string,
    private readonly cipher: StringCipher,
  ) {
    this.files = new OAuthFiles(dir, '.bin');
  }

  load(serverId: string): SavedServerAuth | undefined {
    const bytes = this.files.read(serverId);
    if (!bytes || !this.cipher.isEncryptionAvailable()) return undefined;
    try {
      return parseSavedServerAuth(this.cipher.decryptString(bytes));
    } catch {
      return undefined;
    }
  }

  save(serverId: string, value: SavedServerAuth): void {
    if (!this.cipher.isEncryptionAvailable()) throw new Error('this system offers no keychain to encrypt sign-ins with');
    this.files.write(serverId, this.cipher.encryptString(JSON.stringify(value)));
  }

  remove(serverId: string): boolean {
    return this.files.remove(serverId);
  }
}
