import { describe, expect, it } from 'vitest';
import { durationText } from './duration-text';

describe('durationText', () => {
  it.each([
    [0, '0 ms'],
    [850, '850 ms'],
    [999.6, '1.0 s'],
    [1000, '1.0 s'],
    [8324, '8.3 s'],
    [9960, '10 s'],
    [42_400, '42 s'],
    [59_600, '1 min'],
    [72_000, '1 min 12 s'],
    [3_600_000, '1 h'],
    [7_500_000, '2 h 5 min'],
  ])('%d ms reads as %s', (ms, text) => {
    expect(durationText(ms)).toBe(text);
  });

  it('prints nothing for what is not a duration', () => {
    for (const v of [undefined, null, 'x', '<b>1</b>', Number.NaN, Infinity, -5]) expect(durationText(v)).toBe('');
  });
});
