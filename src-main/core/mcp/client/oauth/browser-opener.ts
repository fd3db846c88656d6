import { spawn } from 'node:child_process';
import { isLoopbackHost } from '../../common/loopback-host';

/** Opens a URL in the user's browser; resolves once the opener started (or failed to). */
export type OpenUrl = (url: string) => Promise<void>;

/**
 * Whether an authorization URL (it comes from the server's metadata, so from the server) may
 * be handed to a browser: https, or http on a loopback host, and no credentials in it. Anything
 * else (`file:`, `javascript:`, plain http to a remote host) is refused. Pure.
 */
export function checkAuthorizationUrl(raw: string): { ok: true; url: string } | { ok: false; reason: string } {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { ok: false, reason: 'it is not an absolute URL' };
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && isLoopbackHost(u.hostname))) {
    return { ok: false, reason: `${u.protocol}//${u.host} is neither https nor a loopback address` };
  }
  if (u.username || u.password) return { ok: false, reason: 'it carries a user name or password' };
  return { ok: true, url: u.href };
}

/** The program and fixed arguments that open a URL on this platform (the URL is appended). */
export function platformOpener(platform: NodeJS.Platform): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: [] };
  // `start` is a cmd.exe builtin: through cmd, `&` in the URL would split the command.
  if (platform === 'win32') return { command: 'rundll32.exe', args: ['url.dll,FileProtocolHandler'] };
  return { command: 'xdg-open', args: [] };
}

/**
 * The CLI's and web host's browser: `$BROWSER` when set — run as one program with the URL as
 * its only argument, never through a shell, so nothing in the URL or the variable is
 * interpreted — else the platform opener. Failing to start it is reported through `warn`; the
 * caller has printed the URL already, so the user can still open it by hand.
 */
export function systemBrowser(env: NodeJS.ProcessEnv, warn: (line: string) => void, platform: NodeJS.Platform = process.platform): OpenUrl {
  return (url: string) =>
    new Promise<void>((resolve) => {
      const browser = env.BROWSER?.trim();
      const { command, args } = browser ? { command: browser, args: [] } : platformOpener(platform);
      const child = spawn(command, [...args, url], { stdio: 'ignore', detached: true, shell: false, env });
      child.once('error', (err) => {
        warn(`could not start ${browser ? `$BROWSER (${command})` : command}: ${err.message}; open the URL above by hand`);
        resolve();
      });
      child.once('spawn', () => {
        child.unref();
        resolve();
      });
    });
}
