// @lane integration: starts $BROWSER programs
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { checkAuthorizationUrl, platformOpener, systemBrowser } from './browser-opener';

describe('checkAuthorizationUrl', () => {
  it.each([
    ['https://auth.example.com/authorize?x=1', true],
    ['http://127.0.0.1:8080/authorize', true],
    ['http://localhost/authorize', true],
    ['http://[::1]:9/authorize', true],
    ['http://auth.example.com/authorize', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['https://user:pw@auth.example.com/', false],
    ['-oProxyCommand=x', false],
    ['not a url', false],
  ])('%s → %s', (url, ok) => {
    expect(checkAuthorizationUrl(url).ok).toBe(ok);
  });
});

describe('systemBrowser', () => {
  it('runs $BROWSER as one program with the URL as its only argument, no shell', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gb-browser-'));
    const log = join(dir, 'argv.json');
    const script = join(dir, 'browser.sh');
    writeFileSync(script, `#!/bin/sh\nprintf '%s\\n' "$#" "$1" > '${log}'\n`);
    chmodSync(script, 0o755);
    // Shell syntax in the URL must arrive as text, never run.
    const url = `https://auth.example.com/authorize?a=1&b=$(touch ${join(dir, 'pwned')});c=\`id\``;
    await systemBrowser({ BROWSER: script }, () => {})(url);
    // The browser runs detached: wait for what it wrote (a shell would have run the $(…) before).
    await vi.waitFor(() => expect(existsSync(log) && readFileSync(log, 'utf8')).toBe(`1\n${url}\n`), { timeout: 30_000 });
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
  });

  it('a $BROWSER that cannot start is reported, not thrown (the URL was printed already)', async () => {
    const warnings: string[] = [];
    await systemBrowser({ BROWSER: '/nonexistent/browser' }, (w) => warnings.push(w))('https://a.example/');
    expect(warnings[0]).toContain('could not start $BROWSER (/nonexistent/browser)');
  });

  it('platform openers take the URL as an argument, never through cmd.exe', () => {
    expect(platformOpener('linux')).toEqual({ command: 'xdg-open', args: [] });
    expect(platformOpener('darwin')).toEqual({ command: 'open', args: [] });
    expect(platformOpener('win32').command).toBe('rundll32.exe');
  });
});
