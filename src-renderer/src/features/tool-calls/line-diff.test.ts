import { describe, expect, it } from 'vitest';
import { diffLines, diffStat, toHunks } from './line-diff';

describe('line diff', () => {
  it('marks the changed line and keeps the rest', () => {
    const d = diffLines('a\nb\nc\n', 'a\nB\nc\n');
    expect(d.map((l) => `${l.kind}:${l.text}`)).toEqual(['same:a', 'del:b', 'add:B', 'same:c']);
    expect(diffStat(d)).toEqual({ added: 1, removed: 1 });
  });

  it('folds long unchanged runs into hunks with context', () => {
    const before = Array.from({ length: 40 }, (_, i) => `l${i}`).join('\n');
    const after = before.replace('l5\n', 'five\n').replace('l30\n', 'thirty\n');
    const h = toHunks(diffLines(before, after));
    expect(h).toHaveLength(2);
    expect(h[0]!.hiddenBefore).toBe(2);
    expect(h[1]!.hiddenBefore).toBeGreaterThan(10);
    expect(h[1]!.lines.find((l) => l.kind === 'add')).toMatchObject({ text: 'thirty', newNo: 31 });
  });

  it('a created file is all added', () => {
    expect(diffStat(diffLines('', 'x\ny'))).toEqual({ added: 2, removed: 0 });
  });
});
