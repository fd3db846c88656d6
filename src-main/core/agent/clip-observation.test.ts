import { describe, expect, it } from 'vitest';
import { clipObservation } from './clip-observation';

describe('clipObservation', () => {
  it('leaves short text alone', () => {
    expect(clipObservation('short', 100)).toBe('short');
    expect(clipObservation('x'.repeat(100), 100)).toBe('x'.repeat(100));
  });

  it('keeps head and tail with an explicit marker saying how much was dropped', () => {
    const text = `HEAD${'m'.repeat(10_000)}TAIL`;
    const out = clipObservation(text, 1000);
    expect(out.startsWith('HEAD')).toBe(true);
    expect(out.endsWith('TAIL')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(1000 + 10);
    const m = /\[… (\d+) characters clipped of (\d+)/.exec(out);
    expect(m).not.toBeNull();
    expect(Number(m![2])).toBe(text.length);
    // What is shown plus what was clipped is the whole text.
    const shown = out.length - out.slice(out.indexOf('\n[…'), out.indexOf('…]\n') + 3).length;
    expect(shown + Number(m![1])).toBe(text.length);
  });
});
