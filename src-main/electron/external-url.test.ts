import { describe, expect, it } from 'vitest';
import { checkExternalUrl, checkIpcSender } from './external-url';

describe('checkExternalUrl', () => {
  const table: Array<[string, boolean]> = [
    ['https://example.com/docs', true],
    ['http://127.0.0.1:8080/', true],
    ['javascript:alert(1)', false],
    ['file:///etc/passwd', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['smb://server/share', false],
    ['vbscript:msgbox', false],
    ['https://user:pass@example.com/', false],
    ['/relative/path', false],
    ['', false],
    ['ms-msdt:/id', false],
  ];
  for (const [url, ok] of table) it(`${url || '(empty)'} → ${ok}`, () => expect(checkExternalUrl(url).ok).toBe(ok));
});

describe('checkIpcSender', () => {
  const expected = { webContentsId: 1, appOrigin: 'file://' };
  const table: Array<[string, Parameters<typeof checkIpcSender>[0], boolean]> = [
    ['our page', { frameUrl: 'file:///opt/glassbox/out/renderer/index.html', isMainFrame: true, webContentsId: 1 }, true],
    ['another window', { frameUrl: 'file:///x/index.html', isMainFrame: true, webContentsId: 2 }, false],
    ['a subframe', { frameUrl: 'file:///x/index.html', isMainFrame: false, webContentsId: 1 }, false],
    ['a web page', { frameUrl: 'https://evil.example/', isMainFrame: true, webContentsId: 1 }, false],
    ['a gone frame', { frameUrl: null, isMainFrame: true, webContentsId: 1 }, false],
  ];
  for (const [name, sender, ok] of table) it(name, () => expect(checkIpcSender(sender, expected).ok).toBe(ok));

  it('the dev server origin when running from it', () => {
    const dev = { webContentsId: 1, appOrigin: 'http://localhost:5173' };
    expect(checkIpcSender({ frameUrl: 'http://localhost:5173/', isMainFrame: true, webContentsId: 1 }, dev).ok).toBe(true);
    expect(checkIpcSender({ frameUrl: 'http://localhost:5174/', isMainFrame: true, webContentsId: 1 }, dev).ok).toBe(false);
  });
});
