import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Where Glassbox keeps its files (docs/configuration.md). */
export interface GlassboxPaths {
  home: string;
  config: string;
  sessions: string;
  extensions: string;
  /** Internal state such as the editor's undo history. */
  state: string;
}

/** Resolves $GLASSBOX_HOME (default ~/.glassbox) and its folders, creating them on first use. */
export function glassboxPaths(env: NodeJS.ProcessEnv = process.env, create = true): GlassboxPaths {
  const home = resolve(env.GLASSBOX_HOME || join(homedir(), '.glassbox'));
  const paths: GlassboxPaths = {
    home,
    config: join(home, 'config.json'),
    sessions: join(home, 'sessions'),
    extensions: join(home, 'extensions'),
    state: join(home, 'state'),
  };
  if (create) {
    // Private to the user: config (keys), sessions (everything the agent saw), tokens.
    for (const dir of [home, paths.sessions, paths.extensions, paths.state]) mkdirSync(dir, { recursive: true, mode: 0o700 });
    tighten(home, 0o700);
    tighten(paths.config, 0o600);
  }
  return paths;
}

/**
 * Session ids name the session files (`sessions/<id>.jsonl`): letters, digits, `-`, `_`, `.`
 * only, no `..` (no path tricks). Every reader of an id from outside checks it with this.
 */
export function isValidSessionId(id: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/.test(id) && !id.includes('..');
}

/** The project's own config/extension folder inside a workspace. */
export function workspaceDir(workspace: string): string {
  return join(workspace, '.glassbox');
}

/** Makes an existing home (0700) or config (0600) private when group or others could read it (made before this rule). */
function tighten(path: string, mode: number): void {
  try {
    const st = statSync(path);
    if ((st.mode & 0o077) !== 0 && (typeof process.getuid !== 'function' || st.uid === process.getuid())) chmodSync(path, mode);
  } catch {
    // not ours or not there: leave it
  }
}
