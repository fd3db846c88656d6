import { describe, expect, it } from 'vitest';
import { callCountText } from './call-count';

describe('callCountText', () => {
  it('is the plain count once everything is loaded', () => {
    expect(callCountText(1, 0, false, false)).toBe('1 call');
    expect(callCountText(100, 0, false, true)).toBe('100 calls');
  });

  it('says the whole session while the earlier calls load, "about" when estimated', () => {
    expect(callCountText(100, 9_900, false, false)).toBe('10,000 calls, loading…');
    expect(callCountText(100, 29_912, true, false)).toBe('about 30,012 calls, loading…');
  });

  it('with a filter on, counts the matches so far and says the rest is loading', () => {
    expect(callCountText(7, 9_900, false, true)).toBe('7 calls so far, loading…');
  });
});
