import { describe, expect, it } from 'vitest';
import { useChromiumAndWebHosts, openApp, shot } from './ui-harness';

// First run without a model: the setup panel opens by itself, Test connection lists the
// server's models (asked by the host, with the key kept out of the page), and the task typed
// before stays in the message box until the model is set up.

const hosts = useChromiumAndWebHosts();

describe('first run', { timeout: 180_000 }, () => {
  it('completes setup from the panel and keeps the typed task', async () => {
    const w = await hosts.web([{ text: 'hello from the model you chose' }], undefined, [], { llmEnv: false });
    const page = await openApp(hosts.browser(), w);
    const frames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    const panel = page.getByTestId('settings-panel');
    await panel.waitFor({ timeout: 30_000 });
    expect(await panel.locator('h3').innerText()).toBe('Set up a model');
    // The focus is in the panel, not behind it.
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await shot(page, 'first-run-setup');

    // Closed without a model: the task typed is refused, kept, and the panel comes back.
    await panel.getByText('Close', { exact: true }).click();
    const box = page.getByTestId('composer-input');
    await box.fill('my very first task');
    await box.press('Enter');
    await panel.waitFor({ timeout: 10_000 });
    expect(await box.inputValue()).toBe('my very first task');

    // A wrong server says what went wrong.
    await page.getByTestId('settings-preset').selectOption('custom');
    await page.getByTestId('settings-base-url').fill('http://127.0.0.1:9/v1');
    await page.getByTestId('settings-test').click();
    await expect.poll(() => page.getByTestId('settings-test-result').innerText(), { timeout: 20_000 }).toContain('Could not reach http://127.0.0.1:9/v1/models');

    // The scripted server: its models listed, one click chooses.
    await page.getByTestId('settings-base-url').fill(w.model.openaiBaseURL);
    await page.getByTestId('settings-api-key').fill('sk-first-run-key-77');
    await page.getByTestId('settings-test').click();
    await expect.poll(() => page.getByTestId('settings-test-result').innerText(), { timeout: 20_000 }).toBe(`Connected to ${w.model.openaiBaseURL}: 1 model.`);
    await page.getByTestId('settings-models').getByText('scripted', { exact: true }).click();
    expect(await page.getByTestId('settings-model').inputValue()).toBe('scripted');
    await shot(page, 'first-run-models');
    await page.getByTestId('settings-save').click();
    await panel.waitFor({ state: 'detached', timeout: 10_000 });

    // Back in the message box, the task still there; Enter runs it with the model chosen.
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('composer-input');
    expect(await box.inputValue()).toBe('my very first task');
    await box.press('Enter');
    await expect.poll(() => page.getByTestId('assistant-message').last().innerText(), { timeout: 60_000 }).toContain('hello from the model you chose');
    expect(w.model.requests.at(-1)!.headers.authorization).toBe('Bearer sk-first-run-key-77');
    expect(frames.some((f) => f.includes('sk-first-run-key-77'))).toBe(false);
  });

  it('the no-model banner has a real Open Settings button', async () => {
    const w = await hosts.web([], undefined, [], { llmEnv: false });
    const page = await openApp(hosts.browser(), w);
    const panel = page.getByTestId('settings-panel');
    await panel.waitFor({ timeout: 30_000 });
    await panel.getByText('Close', { exact: true }).click();
    await page.locator('[data-testid="banner"][data-code="NO_MODEL"]').getByTestId('banner-open-settings').click();
    await panel.waitFor({ timeout: 10_000 });
  });
});
