import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH } from '../helpers/cli';
import { ctxFor, makeManager } from './mcp-test-helpers';

describe('default browser server (@playwright/mcp with Debian Chromium)', () => {
  let http: Server;
  let pageUrl = '';
  beforeAll(async () => {
    http = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>Glassbox test page</title><body style="background:#c00"><h1>Hello from 127.0.0.1</h1></body>');
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    pageUrl = `http://127.0.0.1:${(http.address() as { port: number }).port}/`;
  });
  afterAll(() => {
    http?.close();
  });

  it('is added unprefixed, navigates a local page and returns a screenshot image', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, CHROMIUM_PATH };
    delete env.GLASSBOX_DISABLE_BROWSER;
    const m = makeManager({}, env);
    try {
      // It starts on first use: start() does not wait for it (no cached listing here, so it is
      // being started in the background); the first call of one of its tools would wait.
      await m.manager.start();
      expect(m.manager.status('browser')).toMatchObject({ startOn: 'first-use' });
      expect(m.manager.status('browser')!.status).not.toBe('connected');
      await m.manager.ensureStarted('browser');
      const st = m.manager.status('browser')!;
      expect(st.whyFailed).toBeUndefined();
      expect(st).toMatchObject({ status: 'connected', builtIn: true, transport: 'stdio' });
      expect(st.config.args).toEqual(expect.arrayContaining(['--headless', '--executable-path', CHROMIUM_PATH]));
      expect(m.tools.has('browser_navigate')).toBe(true);
      expect(m.tools.get('browser_navigate')!.source).toBe('mcp:browser');

      const nav = await m.tools.execute('browser_navigate', { url: pageUrl }, ctxFor(m.bus, m.workspace));
      expect(nav.error, nav.error).toBeUndefined();
      expect(nav.output).toContain('Glassbox test page');
      const shot = await m.tools.execute('browser_take_screenshot', {}, ctxFor(m.bus, m.workspace));
      expect(shot.error, shot.error).toBeUndefined();
      expect(shot.images?.length).toBeGreaterThan(0);
      const img = Buffer.from(shot.images![0].data, 'base64');
      expect(img.length).toBeGreaterThan(500);
      expect(['image/png', 'image/jpeg']).toContain(shot.images![0].mimeType);
    } finally {
      await m.manager.close();
    }
  }, 120_000);

  it('GLASSBOX_DISABLE_BROWSER=1 leaves it out', () => {
    const m = makeManager({}, { ...process.env, GLASSBOX_DISABLE_BROWSER: '1' });
    expect(m.manager.ids()).toEqual([]);
  });
});
