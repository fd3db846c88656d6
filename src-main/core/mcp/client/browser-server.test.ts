import { describe, expect, it } from 'vitest';
import { defaultBrowserServer, type BrowserServerInputs } from './browser-server';

const base: BrowserServerInputs = {
  env: {},
  config: {},
  execPath: '/opt/Glassbox/glassbox',
  cliPath: '/app/node_modules/@playwright/mcp/cli.js',
  isRoot: false,
  exists: () => false,
};

describe('defaultBrowserServer', () => {
  it('runs @playwright/mcp with the running binary as Node, headless and unprefixed', () => {
    const s = defaultBrowserServer(base)!;
    expect(s.command).toBe('/opt/Glassbox/glassbox');
    expect(s.args).toEqual(['/app/node_modules/@playwright/mcp/cli.js', '--headless', '--isolated']);
    expect(s.env).toEqual({ ELECTRON_RUN_AS_NODE: '1' });
    expect(s.prefix).toBe(false);
  });

  it.each(['1', 'true', 'yes'])('is off with GLASSBOX_DISABLE_BROWSER=%s', (v) => {
    expect(defaultBrowserServer({ ...base, env: { GLASSBOX_DISABLE_BROWSER: v } })).toBeUndefined();
  });

  it('stays on with GLASSBOX_DISABLE_BROWSER=0', () => {
    expect(defaultBrowserServer({ ...base, env: { GLASSBOX_DISABLE_BROWSER: '0' } })).toBeDefined();
  });

  it('takes Chromium from config before CHROMIUM_PATH before the system', () => {
    const pick = (i: Partial<BrowserServerInputs>) => {
      const a = defaultBrowserServer({ ...base, ...i })!.args!;
      return a[a.indexOf('--executable-path') + 1];
    };
    expect(pick({ config: { browser: { chromiumPath: '/cfg/chrome' } }, env: { CHROMIUM_PATH: '/env/chrome' } })).toBe('/cfg/chrome');
    expect(pick({ env: { CHROMIUM_PATH: '/env/chrome' }, exists: () => true })).toBe('/env/chrome');
    expect(pick({ exists: (p) => p === '/usr/bin/chromium' })).toBe('/usr/bin/chromium');
  });

  it('adds --no-sandbox as root and drops --headless when configured headed', () => {
    const s = defaultBrowserServer({ ...base, isRoot: true, config: { browser: { headless: false } } })!;
    expect(s.args).toContain('--no-sandbox');
    expect(s.args).not.toContain('--headless');
  });

  it('passes Playwright variables through and nothing else', () => {
    const s = defaultBrowserServer({ ...base, env: { PLAYWRIGHT_BROWSERS_PATH: '/pw', SECRET_TOKEN: 'x' } })!;
    expect(s.env).toEqual({ ELECTRON_RUN_AS_NODE: '1', PLAYWRIGHT_BROWSERS_PATH: '/pw' });
  });
});
