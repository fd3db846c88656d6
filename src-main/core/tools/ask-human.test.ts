import { describe, expect, it } from 'vitest';
import { AskHumanTool } from './ask-human';
import type { HumanAnswer, HumanInputPort, HumanQuestion, ToolContext } from './tool';
import { ToolCollection } from './tool-collection';

function ctx(humanInput?: HumanInputPort, signal = new AbortController().signal): ToolContext {
  return { signal, workspace: '/tmp', home: '/tmp', callId: 'c1', humanInput };
}

/** A port answering after a real delay, recording what it was asked. */
function delayedPort(answer: HumanAnswer, ms = 50): HumanInputPort & { asked: HumanQuestion[] } {
  const asked: HumanQuestion[] = [];
  return {
    asked,
    ask: (q, signal) =>
      new Promise((resolve, reject) => {
        asked.push(q);
        const t = setTimeout(() => resolve(answer), ms);
        signal?.addEventListener('abort', () => {
          clearTimeout(t);
          reject(new Error('aborted'));
        });
      }),
  };
}

describe('ask_human', () => {
  it('returns the answer and keeps the event loop free while waiting', async () => {
    // The human answers only after other work has run 5 times meanwhile: if the tool blocked
    // the event loop while waiting, the ticks would never come and this would time out. (A
    // fixed 200 ms wait counted the ticks instead, and a loaded machine fired too few.)
    const asked: HumanQuestion[] = [];
    let ticks = 0;
    let answer: (() => void) | undefined;
    const timer = setInterval(() => {
      ticks++;
      if (ticks >= 5) answer?.();
    }, 10);
    const port: HumanInputPort = {
      ask: (q) =>
        new Promise<HumanAnswer>((resolve) => {
          asked.push(q);
          answer = () => resolve({ action: 'accept', text: '  blue \n' });
        }),
    };
    const r = await new ToolCollection([new AskHumanTool()]).execute('ask_human', { inquire: 'Colour?' }, ctx(port));
    clearInterval(timer);
    expect(r).toEqual({ output: 'blue', metadata: { action: 'accept' } });
    expect(asked).toEqual([{ question: 'Colour?' }]);
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it('without a port, says nobody can answer (error result, no throw)', async () => {
    const r = await new AskHumanTool().execute({ inquire: 'Anyone?' }, ctx());
    expect(r.error).toMatch(/^No human is available to answer questions/);
  });

  it('reports decline, cancel and an empty answer distinctly', async () => {
    const tool = new AskHumanTool();
    expect((await tool.execute({ inquire: 'q' }, ctx(delayedPort({ action: 'decline' })))).output).toBe(
      'The human declined to answer the question.',
    );
    expect((await tool.execute({ inquire: 'q' }, ctx(delayedPort({ action: 'cancel' })))).error).toBe(
      'The human dismissed the question without answering.',
    );
    expect((await tool.execute({ inquire: 'q' }, ctx(delayedPort({ action: 'accept', text: '' })))).output).toBe(
      '(The human replied with an empty answer.)',
    );
  });

  it('turns a failing port into an error result', async () => {
    const port: HumanInputPort = { ask: () => Promise.reject(new Error('stdin is not an interactive terminal')) };
    const r = await new AskHumanTool().execute({ inquire: 'q' }, ctx(port));
    expect(r.error).toBe('Could not ask the human: stdin is not an interactive terminal');
  });

  it('stops waiting when the run is cancelled', async () => {
    const ac = new AbortController();
    // The answer would come after ten minutes: only the cancel ends the wait within the test's timeout.
    const port = delayedPort({ action: 'accept', text: 'late' }, 600_000);
    setTimeout(() => ac.abort(), 50);
    const r = await new AskHumanTool().execute({ inquire: 'q' }, ctx(port, ac.signal));
    expect(r.error).toBe('The question was cancelled (the run was stopped).');
  });

  it('requires a non-empty question', async () => {
    const tools = new ToolCollection([new AskHumanTool()]);
    expect((await tools.execute('ask_human', {}, ctx())).error).toMatch(/missing required argument 'inquire'/);
    expect((await tools.execute('ask_human', { inquire: '   ' }, ctx(delayedPort({ action: 'accept' })))).error).toBe(
      '`inquire` must be a non-empty question',
    );
  });
});
