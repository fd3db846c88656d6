import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startScriptedModelServer, type ScriptedModelServer, type ScriptedTurn } from '../fixtures/scripted-model-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ROOT, startGlassbox, tempGlassbox } from '../helpers/cli';

/** Where screenshots go (gitignored test artifacts). */
export const SHOTS = join(ROOT, 'test-results', 'ui');

/** A running `glassbox web` with a scripted model behind it. */
export interface WebFixture {
  url: string;
  origin: string;
  token: string;
  home: string;
  workspace: string;
  model: ScriptedModelServer;
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
  close(): Promise<number | null>;
}

/** Starts a scripted model and `glassbox web --port 0` pointed at it; `config` goes to $GLASSBOX_HOME/config.json. */
export async function startWeb(
  script: ScriptedTurn[],
  config?: Record<string, unknown>,
  extraArgs: string[] = [],
  opts: { llmEnv?: boolean; prepare?: (home: string) => void; env?: (model: ScriptedModelServer) => NodeJS.ProcessEnv } = {},
): Promise<WebFixture> {
  const t = tempGlassbox();
  mkdirSync(t.workspace, { recursive: true });
  mkdirSync(t.home, { recursive: true });
  opts.prepare?.(t.home);
  // The window asks before every call by default; tests that are not about approvals run in `auto`.
  writeFileSync(join(t.home, 'config.json'), JSON.stringify({ approvals: { mode: 'auto' }, ...config }, null, 2));
  const model = await startScriptedModelServer(script);
  const env: NodeJS.ProcessEnv = {
    ...t.env,
    GLASSBOX_LLM_PROVIDER: 'openai',
    GLASSBOX_LLM_BASE_URL: model.openaiBaseURL,
    GLASSBOX_LLM_MODEL: 'scripted',
    GLASSBOX_LLM_API_KEY: 'sk-ui-test',
    GLASSBOX_LLM_MAX_RETRIES: '1',
  };
  delete env.OPENAI_API_KEY;
  delete env.ANTHROPIC_API_KEY;
  // Another provider or setting (e.g. Anthropic's wire format, which needs the server's URL).
  Object.assign(env, opts.env?.(model));
  // Without the env overrides, the model comes from what the user sets in Settings.
  if (opts.llmEnv === false) for (const k of Object.keys(env)) if (k.startsWith('GLASSBOX_LLM_')) delete env[k];
  const { child, firstLine, output } = await startGlassbox(['web', '--port', '0', '--workspace', t.workspace, ...extraArgs], { env, cwd: t.workspace, timeoutMs: 60_000 });
  const m = /^Glassbox UI: (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]+))$/.exec(firstLine);
  if (!m) throw new Error(`unexpected first line: ${firstLine}`);
  const url = m[1]!;
  return {
    url,
    origin: new URL(url).origin,
    token: m[3]!,
    home: t.home,
    workspace: t.workspace,
    model,
    child,
    output,
    async close() {
      const code = await new Promise<number | null>((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        // A liveness bound, not a speed check: a host opening a 100,000-call session at load ~29
        // took longer than 15 s to get to its SIGTERM handler once.
        const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
        child.once('exit', (c) => {
          clearTimeout(timer);
          resolve(c);
        });
        child.kill('SIGTERM');
      });
      await model.close();
      return code;
    },
  };
}

/** Debian Chromium through playwright-core (never a downloaded browser). */
/**
 * The usual hooks of a test file that drives Chromium against `glassbox web`: one browser for
 * the file, and every web host started through `web(…)` stopped after its test — it must exit 0
 * on SIGTERM (docs/cli.md).
 */
export function useChromiumAndWebHosts(): { browser: () => Browser; web: typeof startWeb } {
  let browser: Browser | undefined;
  const webs: WebFixture[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const w of webs.splice(0)) expect(await w.close()).toBe(0);
  });
  return {
    browser: () => {
      if (!browser) throw new Error('Chromium is not up yet (use it inside a test)');
      return browser;
    },
    web: async (...args) => {
      const w = await startWeb(...args);
      webs.push(w);
      return w;
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Opens the printed URL and waits for the app to be ready. */
export async function openApp(browser: Browser, web: WebFixture): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (e) => console.error('[page error]', e.message));
  await page.goto(web.url);
  await page.getByTestId('composer-input').waitFor({ timeout: 30_000 });
  return page;
}

/** Holds the host's replies to `method` until `released` settles (the rest of the traffic goes through). */
export async function holdReplies(page: Page, method: string, released: Promise<void>): Promise<void> {
  await page.routeWebSocket(/./, (ws) => {
    const server = ws.connectToServer();
    const held = new Set<number>();
    ws.onMessage((m) => {
      const msg = JSON.parse(String(m)) as { id?: number; method?: string };
      if (msg.method === method && msg.id !== undefined) held.add(msg.id);
      server.send(m);
    });
    server.onMessage((m) => {
      const msg = JSON.parse(String(m)) as { kind?: string; id?: number };
      if (msg.kind === 'result' && msg.id !== undefined && held.has(msg.id)) void released.then(() => ws.send(m));
      else ws.send(m);
    });
  });
}

/** Types a task and sends it with Enter, as a user would. */
export async function sendTask(page: Page, text: string): Promise<void> {
  const box = page.getByTestId('composer-input');
  await box.fill(text);
  await box.press('Enter');
}

/** A screenshot artifact under test-results/ui. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The window sizes the window is checked at: the common laptop, the small one, the desktop minimum. */
export const WINDOW_SIZES = [
  [1400, 900],
  [1000, 700],
  [800, 600],
] as const;

/**
 * Runs `each` with the page at 1400×900, 1000×700 and 800×600, light and dark (`where` is
 * `1000x700-dark`); leaves it at 1400×900 light.
 */
export async function eachWindowSize(page: Page, each: (where: string, width: number) => Promise<void>): Promise<void> {
  for (const [width, height] of WINDOW_SIZES) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await nextFrame(page);
      await each(`${width}x${height}-${scheme}`, width);
    }
  }
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Waits for the page's next frame: the resize event of a new viewport is dispatched before it,
 * and the columns fitted to it (they are fitted in that event), so what is measured after is
 * what the user sees at that size.
 */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

/** Screenshots of the page at 1400×900, 1000×700 and 800×600, light and dark; leaves it at 1400×900 light. */
export async function shotsAllSizes(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await eachWindowSize(page, async (where) => {
    await page.screenshot({ path: join(SHOTS, `${name}-${where}.png`) });
  });
}

/**
 * Opens the top bar's *More* menu (⋯) where the bar folded some of its parts into it for want
 * of room, so a test reaches the usage totals, the trace, *Notify me* at any width.
 */
export async function openTopBarMore(page: Page): Promise<void> {
  const more = page.getByTestId('topbar-more');
  if ((await more.count()) === 0) return;
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await page.getByTestId('topbar-more-menu').waitFor();
}

/**
 * Opens a pane of the right column by its tab (`tab-<id>`), through the strip's ⋯ menu where the
 * tab folded into it for want of room (at 1000 px and below), as a user would.
 */
export async function openRightTab(page: Page, id: string): Promise<void> {
  const tab = page.getByTestId(`tab-${id}`);
  if ((await tab.count()) > 0 && (await tab.isVisible())) return tab.click();
  await page.getByTestId('right-tabs-more').click();
  await page.getByTestId(`tab-menu-${id}`).click();
}

/**
 * Shows Settings: a window with no model opens them by itself a moment after it loads (over a
 * backdrop that takes the clicks), so this waits for either that or its own click to show them.
 */
export async function showSettings(page: Page): Promise<void> {
  const panel = page.getByTestId('settings-panel');
  await expect
    .poll(async () => {
      if (await panel.isVisible()) return true;
      await page.getByTestId('open-settings').click({ timeout: 2_000 }).catch(() => undefined);
      return panel.isVisible();
    })
    .toBe(true);
}
