import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('says 1 call, 2 calls, 0 calls, and takes irregular plurals', () => {
    expect(plural(1, 'call')).toBe('1 call');
    expect(plural(2, 'call')).toBe('2 calls');
    expect(plural(0, 'call')).toBe('0 calls');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(12000, 'entry', 'entries')).toBe('12,000 entries');
  });
});
