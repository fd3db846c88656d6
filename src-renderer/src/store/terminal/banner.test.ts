import { describe, expect, it } from 'vitest';
import { terminalBanner } from './banner';

describe('terminalBanner', () => {
  it.each([
    [{ owner: 'agent', busy: false, alive: false, held: 0 }, { canTakeOver: false, acceptsInput: false, text: /not running yet/ }],
    [{ owner: 'agent', busy: false, alive: true, held: 0 }, { canTakeOver: true, canRelease: false, acceptsInput: false, text: /Take over to type/ }],
    [{ owner: 'agent', busy: true, alive: true, held: 0 }, { canTakeOver: false, tone: 'hold', text: /when it finishes/ }],
    [{ owner: 'user', busy: false, alive: true, held: 0 }, { canTakeOver: false, canRelease: true, acceptsInput: true, tone: 'user' }],
    [{ owner: 'user', busy: true, alive: true, held: 7 }, { canRelease: true, acceptsInput: true, tone: 'hold', text: /held \(7 characters\)/ }],
  ] as const)('%o', (state, want) => {
    const b = terminalBanner(state);
    const { text, ...rest } = want as { text?: RegExp };
    if (text) expect(b.text).toMatch(text);
    expect(b).toMatchObject(rest);
  });
});
