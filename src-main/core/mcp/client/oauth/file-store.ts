import type { OAuthStore, SavedServerAuth } from './store';
import { OAuthFiles } from './files';

/** Parses a saved record; undefined for anything that is not one (a damaged file means "signed out"). */
export function parseSavedServerAuth(text: string): SavedServerAuth | undefined {
  try {
    const v = JSON.parse(text) as SavedServerAuth;
    return v && typeof v === 'object' && typeof v.serverUrl === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sign-ins as JSON files of mode 0600 under `$GLASSBOX_HOME/state/oauth/<serverId>.json`
 * (folder 0700): the CLI, the web host, and the desktop app where no keychain is available.
 */
export class FileOAuthStore implements OAuthStore {
  private readonly files: OAuthFiles;

  /** `dir`: the oauth folder, `$GLASSBOX_HOME/state/oauth`. */
  constructor(dir: string) {
    this.files = new OAuthFiles(dir, '.json');
  }

  /** The file a server's record lives in. */
  pathOf(serverId: string): string {
    return this.files.pathOf(serverId);
  }

  load(serverId: string): SavedServerAuth | undefined {
    const bytes = this.files.read(serverId);
    return bytes ? parseSavedServerAuth(bytes.toString('utf8')) : undefined;
  }

  save(serverId: string, value: SavedServerAuth): void {
    this.files.write(serverId, JSON.stringify(value, null, 2) + '\n');
  }

  remove(serverId: string): boolean {
    return this.files.remove(serverId);
  }
}
