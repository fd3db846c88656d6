import { describe, expect, it } from 'vitest';
import { useChromiumAndWebHosts, openApp, sendTask, shot } from './ui-harness';

// Two browser tabs on one `glassbox web`: each shows its own session, both run at once, and a
// tab never sees the other's events.

const hosts = useChromiumAndWebHosts();

/** A slow streamed answer, so both runs are going at the same time. */
const slow = (word: string) => ({ text: Array.from({ length: 24 }, (_, i) => `${word}${i}`).join(' '), chunkDelayMs: 120 });

describe('parallel sessions', { timeout: 180_000 }, () => {
  it('two tabs run two sessions at once without touching each other', async () => {
    const w = await hosts.web([slow('alpha'), slow('beta')]);
    const a = await openApp(hosts.browser(), w);
    const b = await openApp(hosts.browser(), w);
    // The second tab starts a session of its own; the first stays where it was.
    await b.getByTestId('new-session').click();
    await sendTask(a, 'task for tab A');
    await expect.poll(() => a.getByTestId('assistant-message').count(), { timeout: 30_000 }).toBe(1);
    await sendTask(b, 'task for tab B');
    // Both stream at the same time: A is still running when B's answer starts.
    await expect.poll(() => b.getByTestId('assistant-message').count(), { timeout: 30_000 }).toBe(1);
    expect(await a.getByTestId('run-end').count()).toBe(0);
    // The sidebar of either tab shows both sessions running.
    await expect.poll(() => a.getByTestId('session-live').allInnerTexts(), { timeout: 30_000 }).toEqual(['running', 'running']);
    await shot(a, 'parallel-sessions-running');

    await expect.poll(() => a.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => b.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    const textA = await a.getByTestId('chat').innerText();
    const textB = await b.getByTestId('chat').innerText();
    expect(textA).toContain('task for tab A');
    expect(textA).toContain('alpha23');
    expect(textA).not.toContain('beta');
    expect(textA).not.toContain('task for tab B');
    expect(textB).toContain('task for tab B');
    expect(textB).toContain('beta23');
    expect(textB).not.toContain('alpha');
    expect(textB).not.toContain('task for tab A');
    await expect.poll(() => b.getByTestId('session-live').allInnerTexts(), { timeout: 30_000 }).toEqual(['finished', 'finished']);

    // A reload keeps the tab's own session.
    await a.reload();
    await a.getByTestId('composer-input').waitFor();
    await expect.poll(() => a.getByTestId('user-message').first().innerText(), { timeout: 30_000 }).toBe('task for tab A');

    // Closing a tab does not stop anything in the other.
    await b.close();
    expect(await a.getByTestId('chat').innerText()).toContain('alpha23');
    await shot(a, 'parallel-sessions-finished');
  });
});
