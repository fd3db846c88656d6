import { describe, expect, it } from 'vitest';
import { sendTask, shotsAllSizes as shots, useChromiumAndWebHosts } from './ui-harness';
import { openPanesApp, waitRunEnd } from '../panes/panes-harness';

// Issue 27, Build 1 in Chromium against `glassbox web` with the scripted model: Fork… on a model
// turn edits the model's settings — provider (the configured ones), model, temperature,
// thinking. A refused setting says why in the editor (the schema's reason, or the host's for the
// provider); the fork with temperature 0.2 sends 0.2 where its parent sent 1, and both the fork's
// banner and the compare view say "temperature 1 → 0.2". Screenshots at 1400×900, 1000×700 and
// 800×600, light and dark.

const hosts = useChromiumAndWebHosts();

describe('fork a model turn with other model settings', () => {
  it('changes the temperature in the editor; the fork\'s request carries it and the compare view says what changed', async () => {
    const w = await hosts.web([], {
      llm: {
        temperature: 1,
        providers: {
          local: { provider: 'openai', baseURL: 'http://127.0.0.1:9/v1', model: 'local-model' },
          claude: { provider: 'anthropic', baseURL: 'http://127.0.0.1:9', model: 'claude-sonnet-4-5' },
        },
      },
    });
    w.model.push({ text: 'Parent answer at the configured temperature.' }, { text: 'Fork answer at 0.2.' });
    const page = await openPanesApp(hosts.browser(), w);
    await sendTask(page, 'say something');
    await waitRunEnd(page, 1);
    expect(w.model.requests[0]!.body).toMatchObject({ temperature: 1 });

    const answer = page.getByTestId('assistant-message').first();
    await answer.hover();
    // The user's row has the first Fork…, the model turn the second.
    await page.getByTestId('fork-from-here').nth(1).click();
    const dialog = page.getByTestId('fork-dialog');
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.locator('h3').innerText()).toMatch(/^Fork from a model turn \(step \d+\)/);
    expect(await dialog.getByTestId('fork-edit-model').isChecked()).toBe(true);
    const fields = dialog.getByTestId('fork-model-fields');
    // The configured providers, default first; the model field holds the session's model.
    await expect.poll(() => fields.getByTestId('fork-provider').locator('option').allInnerTexts(), { timeout: 30_000 }).toEqual([
      'As now',
      expect.stringMatching(/^default — chat · 127\.0\.0\.1:\d+$/),
      'local — chat · 127.0.0.1:9',
      'claude — anthropic · 127.0.0.1:9',
    ]);
    expect(await fields.getByTestId('fork-text').inputValue()).toBe('scripted');
    expect(await fields.getByTestId('fork-thinking').locator('option').first().innerText()).toBe('As configured (default)');
    // This chat server takes an effort only: off and a budget are offered disabled.
    expect(await fields.locator('[data-testid="fork-thinking"] option[disabled]').allInnerTexts()).toEqual(['Off', 'Token budget…']);

    // Out of range: the editor says why, nothing is made.
    await fields.getByTestId('fork-temperature').fill('3');
    await dialog.getByTestId('fork-confirm').click();
    expect(await dialog.getByTestId('fork-error').innerText()).toBe('Temperature: temperature is a number from 0 to 2.');
    // A provider that refuses the combination: the host's reason.
    await fields.getByTestId('fork-provider').selectOption('claude');
    expect(await fields.getByTestId('fork-text').inputValue()).toBe('claude-sonnet-4-5');
    await fields.getByTestId('fork-temperature').fill('0.5');
    await fields.getByTestId('fork-thinking').selectOption('budget');
    await fields.getByTestId('fork-thinking-budget').fill('4000');
    await dialog.getByTestId('fork-confirm').click();
    await expect.poll(() => dialog.getByTestId('fork-error').innerText().catch(() => ''), { timeout: 30_000 }).toContain('Anthropic takes no temperature while thinking is on');
    expect(w.model.requests).toHaveLength(1);

    // Back to the session's provider; only the temperature changes.
    await fields.getByTestId('fork-provider').selectOption('');
    expect(await fields.getByTestId('fork-text').inputValue()).toBe('scripted');
    await fields.getByTestId('fork-thinking').selectOption('');
    await fields.getByTestId('fork-temperature').fill('0.2');
    await shots(page, 'fork-model-editor');
    await dialog.getByTestId('fork-confirm').click();
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });

    // The fork's first model request carries the new temperature; the parent's carried the configured one.
    await expect.poll(() => w.model.requests.length, { timeout: 60_000 }).toBe(2);
    expect(w.model.requests[1]!.body).toMatchObject({ temperature: 0.2, model: 'scripted' });
    expect(w.model.requests[0]!.body.temperature).toBe(1);
    const banner = page.getByTestId('fork-banner');
    await banner.waitFor({ timeout: 60_000 });
    expect(await banner.innerText()).toMatch(/Fork of [0-9a-f]{8} at step \d+: the model changed \(temperature 1 → 0\.2\)/);
    await expect.poll(() => page.getByText('Fork answer at 0.2.').count(), { timeout: 60_000 }).toBeGreaterThan(0);

    await banner.getByTestId('compare-with-parent').click();
    const compare = page.getByTestId('compare-view');
    const changed = compare.getByTestId('compare-fork-change');
    await changed.waitFor({ timeout: 60_000 });
    expect(await changed.innerText()).toBe('B is a fork of A. What changed:\ntemperature 1 → 0.2');
    // The fork continues the parent's conversation: its first step has the same user message, the model's text differs.
    expect(await compare.getByTestId('compare-summary').innerText()).toBe("First divergence at step 1: the model's text differs.");
    await shots(page, 'fork-model-compare');
    await compare.getByTestId('compare-close').click();
  }, 240_000);
});
