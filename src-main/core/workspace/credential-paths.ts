import { homedir } from 'node:os';
import { join } from 'node:path';
import { isPathInside, realPathOf } from './real-path';

/**
 * Where credentials live under the user's home directory. The OS sandbox hides them from the
 * shell; tools that run inside Glassbox (the editor) and the shell classifier treat reading
 * them as something to ask about, never as harmless reading.
 */
export const CREDENTIAL_PATHS: readonly string[] = [
  '.ssh', '.aws', '.gnupg', '.azure', '.config/gcloud', '.docker', '.kube', '.netrc', '.git-credentials',
  '.config/git/credentials', '.npmrc', '.yarnrc', '.pypirc', '.config/gh', '.config/hub', '.password-store', '.vault-token',
  '.pgpass', '.my.cnf', '.cargo/credentials', '.cargo/credentials.toml', '.gem/credentials', '.terraform.d',
  '.local/share/keyrings', '.config/google-chrome', '.config/chromium', '.mozilla', '.claude.json', '.config/anthropic',
  '.config/openai',
];

/**
 * The credentials folder (or one of `extra`, e.g. $GLASSBOX_HOME) that `path` really lies in,
 * or null. Judged on real paths, so a link to `~/.ssh` is inside it.
 */
export function privateFolderOf(path: string, home: string = homedir(), extra: readonly string[] = []): string | null {
  const real = realPathOf(path);
  const realHome = realPathOf(home);
  for (const c of CREDENTIAL_PATHS) if (isPathInside(real, join(realHome, c))) return join(realHome, c);
  for (const e of extra) {
    const r = realPathOf(e);
    if (isPathInside(real, r)) return r;
  }
  return null;
}
