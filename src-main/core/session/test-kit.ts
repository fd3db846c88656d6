import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GlassboxSession } from './glassbox-session';
import { type SessionOptions } from './options';

/**
 * A real session (tests) in a fresh workspace with an empty $GLASSBOX_HOME, without MCP servers
 * or extensions unless `opts` asks for them.
 */
export async function bareSession(prefix: string, opts: Partial<SessionOptions> = {}): Promise<{ session: GlassboxSession; workspace: string }> {
  const base = mkdtempSync(join(tmpdir(), prefix));
  const workspace = join(base, 'ws');
  mkdirSync(workspace, { recursive: true });
  const session = await GlassboxSession.create({
    workspace,
    env: { ...process.env, GLASSBOX_HOME: join(base, 'home'), GLASSBOX_DISABLE_BROWSER: '1' },
    withMcp: false,
    withExtensions: false,
    ...opts,
  });
  return { session, workspace };
}
