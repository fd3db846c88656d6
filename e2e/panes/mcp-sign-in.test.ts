import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli';
import { startOAuthProtectedServer, type OAuthProtectedServer } from '../mcp/fixtures/oauth-protected-server';
import { useChromiumAndWebHosts } from '../ui/ui-harness';
import { openPanesApp, openTab, paneShot } from './panes-harness';

// The server card's sign-in in Debian Chromium against a real `glassbox web` and a real
// OAuth-protected MCP server. The web host opens the authorization URL with $BROWSER — here a
// script that follows the authorization server's redirect to Glassbox's loopback callback, as
// the user's browser would after they said yes.

const hosts = useChromiumAndWebHosts();
let server: OAuthProtectedServer;
const saved = { BROWSER: process.env.BROWSER, BROWSER_LOG: process.env.BROWSER_LOG };

beforeAll(async () => {
  server = await startOAuthProtectedServer();
  // The web host inherits these (its environment is copied from the test's).
  process.env.BROWSER = join(ROOT, 'e2e', 'mcp', 'fixtures', 'follow-redirect-browser.mjs');
  delete process.env.BROWSER_LOG;
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await server.close();
});

describe('MCP server card: sign-in', () => {
  it('shows needs sign-in with a Sign in button; signing in connects it and says who; Sign out forgets; a refusal is shown in place', async () => {
    const w = await hosts.web([], { mcpServers: { notes: { url: server.url } } });
    const page = await openPanesApp(hosts.browser(), w);
    const frames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    await page.reload();
    await page.getByTestId('composer-input').waitFor({ timeout: 90_000 });
    await openTab(page, 'mcp');
    const pane = page.getByTestId('mcp-pane');
    const card = pane.locator('[data-testid="mcp-server"][data-server="notes"]');

    await expect.poll(() => card.getAttribute('data-status'), { timeout: 90_000 }).toBe('needs-sign-in');
    expect(await card.getByTestId('mcp-status').innerText()).toBe('needs sign-in');
    expect(await card.getByTestId('mcp-sign-in').innerText()).toContain('Not signed in');
    expect(await card.getByTestId('mcp-last-error').innerText()).toContain("MCP server 'notes' needs sign-in: press Sign in on its card in the MCP pane");
    // Nothing opened a browser on its own: the window waits for the button.
    expect(server.log.authorizeRequests).toHaveLength(0);

    await card.getByTestId('mcp-sign-in-button').click();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 60_000 }).toBe('connected');
    await expect.poll(() => card.getByTestId('mcp-signed-in-as').innerText().catch(() => '')).toBe('Signed in as ada@example.com');
    expect(await card.getByTestId('mcp-sign-in-button').count()).toBe(0);
    expect(Number((await card.getByTestId('mcp-tool-count').innerText()).split(' ')[0])).toBe(3);
    await paneShot(page, 'mcp-signed-in');
    // No token ever reaches the page.
    const tokens = server.liveAccessTokens();
    expect(tokens.length).toBeGreaterThan(0);
    for (const t of tokens) expect(frames.join('\n')).not.toContain(t);

    await card.getByTestId('mcp-sign-out').click();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 60_000 }).toBe('needs-sign-in');
    expect(await card.getByTestId('mcp-sign-in').innerText()).toContain('Not signed in');
    // Revoked at the authorization server, and the pane says so.
    await expect
      .poll(() => pane.getByTestId('mcp-message').innerText().catch(() => ''), { timeout: 10_000 })
      .toBe("Signed out of MCP server 'notes': its tokens are forgotten and the authorization server revoked them.");
    expect(server.liveAccessTokens()).toEqual([]);
    await paneShot(page, 'mcp-signed-out');

    // The authorization server refuses: the reason is shown, the server stays needs-sign-in.
    server.knobs.authorize = 'deny';
    await card.getByTestId('mcp-sign-in-button').click();
    await expect
      .poll(() => pane.getByTestId('mcp-message').innerText().catch(() => ''), { timeout: 60_000 })
      .toBe("Sign in: sign-in to MCP server 'notes' failed: the authorization server refused the sign-in (access_denied)");
    expect(await card.getAttribute('data-status')).toBe('needs-sign-in');
    server.knobs.authorize = 'ok';
  }, 240_000);
});
