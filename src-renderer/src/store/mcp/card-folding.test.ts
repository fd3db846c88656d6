import { describe, expect, it } from 'vitest';
import { cardExpanded, MANY_TOOLS, newServerOf } from './card-folding';

describe('MCP card folding and attention', () => {
  it('folds a server with many tools unless the user chose otherwise', () => {
    expect(cardExpanded(undefined, MANY_TOOLS - 1)).toBe(true);
    expect(cardExpanded(undefined, 25)).toBe(false);
    expect(cardExpanded(true, 25)).toBe(true);
    expect(cardExpanded(false, 3)).toBe(false);
  });

  it('names the first server new in the same session, never on the first snapshot or a session switch', () => {
    const a = { session: 's1', servers: [{ id: 'browser' }] };
    expect(newServerOf(null, a)).toBeNull();
    expect(newServerOf(a, { session: 's1', servers: [{ id: 'browser' }, { id: 'everything' }, { id: 'files' }] })).toBe('everything');
    expect(newServerOf(a, { session: 's2', servers: [{ id: 'browser' }, { id: 'everything' }] })).toBeNull();
    expect(newServerOf(a, { session: 's1', servers: [{ id: 'browser' }] })).toBeNull();
  });
});
