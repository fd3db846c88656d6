import { describe, expect, it } from 'vitest';
import { byName, startOtlpHttpReceiver } from '../fixtures/otlp-receiver';
import { openApp, openTopBarMore, sendTask, shotsAllSizes, useChromiumAndWebHosts } from './ui-harness';

// The window and OpenTelemetry: the session's trace id with a link to the team's backend, and
// the tracing settings (header values write-only).

const hosts = useChromiumAndWebHosts();
const HEADER_SECRET = 'hdr-SECRET-otlp-1234567';

describe('the trace link', { timeout: 180_000 }, () => {
  it('shows the session trace id linking to telemetry.traceUrl; the spans land in that trace; Settings shows header names, never values', async () => {
    const receiver = await startOtlpHttpReceiver();
    try {
      const w = await hosts.web([{ toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'view', path: '.' } }] }, { text: 'done' }], {
        telemetry: { otlp: { endpoint: receiver.endpoint, headers: { 'x-team-key': HEADER_SECRET } }, traceUrl: 'https://traces.example/trace/{traceId}' },
      });
      const page = await openApp(hosts.browser(), w);
      await sendTask(page, 'look around');
      await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
      await openTopBarMore(page);
      const link = page.getByTestId('trace-url');
      await link.waitFor({ timeout: 30_000 });
      const href = await link.getAttribute('href');
      const traceId = /^https:\/\/traces\.example\/trace\/([0-9a-f]{32})$/.exec(href ?? '')?.[1];
      expect(traceId, href ?? '').toBeDefined();
      expect(await link.getAttribute('rel')).toContain('noopener');
      expect(await link.innerText()).toBe(traceId!.slice(0, 8));
      expect(await link.getAttribute('aria-label')).toBe(`Open trace ${traceId!.slice(0, 8)} in the trace view`);
      // The window's sessions export their spans as they go (flushed within the batch delay).
      await expect.poll(() => receiver.spans.some((s) => s.name === 'invoke_agent' && s.traceId === traceId), { timeout: 60_000 }).toBe(true);
      expect(byName(receiver.spans, 'execute_tool str_replace_editor').traceId).toBe(traceId);
      await shotsAllSizes(page, 'trace-link');
      // Resizing the window closed the menu (it is placed under ⋯ when opened).
      expect(await page.getByTestId('topbar-more-menu').count()).toBe(0);

      await page.getByTestId('open-settings').click();
      const fields = page.getByTestId('settings-telemetry');
      await fields.waitFor();
      expect(await page.getByTestId('settings-otlp-endpoint').inputValue()).toBe(receiver.endpoint);
      expect(await fields.innerText()).toContain('x-team-key');
      expect(await page.content()).not.toContain(HEADER_SECRET);
      await fields.scrollIntoViewIfNeeded();
      await shotsAllSizes(page, 'settings-telemetry');

      // A malformed header line is refused in the form; a good change is saved to the config.
      await page.getByTestId('settings-otlp-headers').fill('no equals sign');
      await page.getByTestId('settings-save').click();
      await page.getByTestId('settings-telemetry-error').waitFor();
      await page.getByTestId('settings-otlp-headers').fill('');
      await page.getByTestId('settings-capture-content').check();
      await page.getByTestId('settings-save').click();
      await page.getByTestId('settings-saved').waitFor();
      const { readFileSync } = await import('node:fs');
      const { join } = await import('node:path');
      const saved = JSON.parse(readFileSync(join(w.home, 'config.json'), 'utf8')) as { telemetry: { captureContent: boolean; otlp: { headers: Record<string, string> } } };
      expect(saved.telemetry.captureContent).toBe(true);
      // Untouched headers are kept as they were.
      expect(saved.telemetry.otlp.headers).toEqual({ 'x-team-key': HEADER_SECRET });
    } finally {
      await receiver.close();
    }
  });
});
