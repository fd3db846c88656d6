import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/cli';

/**
 * docs/extensions.md's "Write your first extension in five minutes" runs as written: its shell blocks
 * are executed in order with a fresh $HOME (so `~/.glassbox` is a temp folder), from the
 * Glassbox folder, with `npx glassbox` pointing at the built CLI. Every `# → text` comment
 * must show up in the output, in order.
 */
function guideSection(): string {
  const readme = readFileSync(join(ROOT, 'docs', 'extensions.md'), 'utf8');
  const start = readme.indexOf('## Write your first extension in five minutes');
  expect(start, 'docs/extensions.md has the five-minute guide').toBeGreaterThanOrEqual(0);
  // Up to the next heading of the same or a higher level (a `# comment` in a code block is not one).
  const rest = readme.slice(start + 10);
  const next = rest.search(/\n#{1,2} /);
  return readme.slice(start, next < 0 ? undefined : start + 10 + next);
}

function shellBlocks(section: string): string[] {
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
}

describe('docs/extensions.md: write your first extension in five minutes', { timeout: 420_000 }, () => {
  it('runs as written and prints what it says', () => {
    const blocks = shellBlocks(guideSection());
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    const script = blocks.join('\n');
    const expected = [...script.matchAll(/# → (.+)$/gm)].map((m) => m[1].trim());
    expect(expected.length).toBeGreaterThanOrEqual(5);

    const home = mkdtempSync(join(tmpdir(), 'glassbox-readme-'));
    const shims = join(home, '.shims');
    mkdirSync(shims);
    // `npx glassbox` as a user gets it after `npm install`: the project's own bin.
    writeFileSync(
      join(shims, 'npx'),
      `#!/bin/sh\nif [ "$1" = glassbox ]; then shift; exec "${process.execPath}" "${BIN}" "$@"; fi\necho "unexpected npx $*" >&2; exit 127\n`,
    );
    chmodSync(join(shims, 'npx'), 0o755);
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, PATH: `${shims}:${process.env.PATH ?? ''}`, GLASSBOX_DISABLE_BROWSER: '1' };
    delete env.GLASSBOX_HOME;

    const run = spawnSync('bash', ['-c', script], { cwd: ROOT, env, encoding: 'utf8', timeout: 400_000 });
    const out = run.stdout;
    let from = 0;
    for (const text of expected) {
      const at = out.indexOf(text, from);
      expect(at, `the guide promises "${text}" next; output was:\n${out}\nstderr:\n${run.stderr}`).toBeGreaterThanOrEqual(0);
      from = at + text.length;
    }
    // The guide's files ended up where it says, and nothing was written into the Glassbox folder.
    expect(existsSync(join(home, '.glassbox', 'extensions', 'hello', 'extension.mjs'))).toBe(true);
    expect(readFileSync(join(home, 'notes-demo', 'NOTES.md'), 'utf8')).toBe('- try extensions\n');
    expect(existsSync(join(ROOT, 'NOTES.md'))).toBe(false);
  });
});
