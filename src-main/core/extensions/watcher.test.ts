import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ExtensionWatcher, isRelevantChange } from './watcher';

describe('isRelevantChange', () => {
  const cases: [string | null, boolean][] = [
    ['extension.mjs', true],
    ['extension.js', true],
    ['lib/helper.cjs', true],
    ['plugin.yaml', true],
    ['plugin.yml', true],
    ['package.json', true],
    [null, true],
    ['audit.jsonl', false],
    ['NOTES.md', false],
    ['.extension.mjs.swp', false],
    ['.plugin.yaml.1234.tmp', false],
    ['extension.mjs~', false],
  ];
  it.each(cases)('%j → %s', (name, relevant) => {
    expect(isRelevantChange(name)).toBe(relevant);
  });
});

describe('ExtensionWatcher', () => {
  it('reports one change per burst of writes, and nothing after close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'glassbox-watch-'));
    const changes: string[] = [];
    const w = new ExtensionWatcher((d) => changes.push(d), 150);
    w.update([dir]);
    expect(w.watched).toEqual([dir]);
    for (let i = 0; i < 5; i++) writeFileSync(join(dir, 'extension.mjs'), `export default ${i};`);
    writeFileSync(join(dir, 'ignored.txt'), 'x');
    await vi.waitFor(() => expect(changes.length).toBeGreaterThan(0), { timeout: 10_000, interval: 50 });
    // A while longer, to see that the five writes came as one change (an absence cannot be polled for).
    await new Promise((r) => setTimeout(r, 400));
    expect(changes).toEqual([dir]);
    w.close();
    writeFileSync(join(dir, 'extension.mjs'), 'export default 9;');
    await new Promise((r) => setTimeout(r, 400));
    expect(changes).toEqual([dir]);
  });
});
