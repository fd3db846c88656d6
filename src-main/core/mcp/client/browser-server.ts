import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { GlassboxConfig, McpServerConfig } from '../../config/config';

/** The id of the default browser server (docs/mcp.md). */
export const BROWSER_SERVER_ID = 'browser';

/** Where Debian/Ubuntu/Fedora put Chromium, tried when nothing is configured. */
const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** What the default browser server needs to know about the running program. */
export interface BrowserServerInputs {
  env: NodeJS.ProcessEnv;
  config: GlassboxConfig;
  /** The running Node (in Electron, the app binary; ELECTRON_RUN_AS_NODE makes it Node). */
  execPath: string;
  /** Absolute path of `@playwright/mcp`'s cli.js. */
  cliPath: string;
  /** True when running as root (Chromium's sandbox refuses root). */
  isRoot: boolean;
  exists: (path: string) => boolean;
}

/**
 * The config of the default browser server, `@playwright/mcp` started with the running Node,
 * headless, unprefixed; undefined when `GLASSBOX_DISABLE_BROWSER=1`. Chromium comes from config
 * `browser.chromiumPath`, then `CHROMIUM_PATH`, then a system install; Playwright's own
 * `PLAYWRIGHT_*` variables are passed through (the stdio env is otherwise a safe list).
 */
export function defaultBrowserServer(inp: BrowserServerInputs): McpServerConfig | undefined {
  const flag = inp.env.GLASSBOX_DISABLE_BROWSER;
  if (flag && flag !== '0' && flag.toLowerCase() !== 'false') return undefined;
  const browser = inp.config.browser ?? {};
  const args = [inp.cliPath];
  if (browser.headless !== false) args.push('--headless');
  const chromium = browser.chromiumPath || inp.env.CHROMIUM_PATH || SYSTEM_CHROMIUM.find((p) => inp.exists(p));
  if (chromium) args.push('--browser', 'chromium', '--executable-path', chromium);
  if (inp.isRoot) args.push('--no-sandbox');
  args.push('--isolated');
  const env: Record<string, string> = { ELECTRON_RUN_AS_NODE: '1' };
  for (const [k, v] of Object.entries(inp.env)) {
    if (v !== undefined && (k.startsWith('PLAYWRIGHT_') || k === 'PWDEBUG' || k === 'DISPLAY')) env[k] = v;
  }
  return { command: inp.execPath, args, env, prefix: false };
}

function playwrightCliPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@playwright/mcp/package.json')), 'cli.js');
}

/** The installed @playwright/mcp version: part of the browser server's cache key (new version, new tools). */
export function playwrightVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    return String((require('@playwright/mcp/package.json') as { version?: unknown }).version ?? '');
  } catch {
    return '';
  }
}

/** The default browser server of this install (`defaultBrowserServer` with the installed `@playwright/mcp`); undefined when it is not installed or switched off. */
export function installedBrowserServer(inp: { env: NodeJS.ProcessEnv; config: GlassboxConfig; execPath: string }): McpServerConfig | undefined {
  let cliPath: string;
  try {
    cliPath = playwrightCliPath();
  } catch {
    return undefined;
  }
  return defaultBrowserServer({
    ...inp,
    cliPath,
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    exists: existsSync,
  });
}
