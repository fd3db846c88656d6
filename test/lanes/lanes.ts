import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * The three test lanes. `unit` is pure logic (no child process, pty, sandbox, Python, browser
 * or peer server outside the test's own process) and is fast; `integration` runs real peers
 * (bash in a pty, bwrap, Python, MCP servers, git); `e2e` runs the built CLI and Chromium.
 */
export const LANES = ['unit', 'integration', 'e2e'] as const;

/** One of {@link LANES}. */
export type Lane = (typeof LANES)[number];

/** The folders (from the repository root) that hold test files. */
export const TEST_ROOTS = ['src-main', 'src-shared', 'src-renderer', 'test', 'e2e'] as const;

/** How a test file is named: `<name>.test.ts` or `<name>.test.tsx`. */
export const TEST_FILE = /\.test\.tsx?$/;

/**
 * A lane marker: a line comment `// @lane <name>` on a line of its own, anywhere in the file
 * (by convention at the top, with the reason after it). Captures the name as written, so a
 * misspelt lane is reported rather than ignored.
 */
const MARKER = /^[ \t]*\/\/[ \t]*@lane[ \t]+([A-Za-z0-9_-]+)/gm;

/** Folders a repository walk never enters. */
const SKIP_DIRS = new Set(['node_modules', '.git', 'out', 'dist', '.cache', 'test-results']);

/** The lane names a file's markers spell, in order (possibly unknown names, possibly several). */
export function laneMarkers(source: string): string[] {
  return [...source.matchAll(MARKER)].map((m) => m[1]!);
}

/**
 * The lanes a test file belongs to: the lanes its markers name, or without a marker the
 * default of its place (under `e2e/` the e2e lane, elsewhere the unit lane). A file with two
 * different markers belongs to both and one with only an unknown name to none; the lane check
 * (test/lanes/lanes.test.ts) fails on either.
 */
export function lanesOf(relPath: string, source: string): Lane[] {
  const named = [...new Set(laneMarkers(source))];
  if (named.length === 0) return [relPath.split(/[\\/]/)[0] === 'e2e' ? 'e2e' : 'unit'];
  return named.filter((name): name is Lane => (LANES as readonly string[]).includes(name));
}

/** Every file under `dir` (relative to `root`, with `/`), skipping {@link SKIP_DIRS}. */
export function walkFiles(root: string, dir: string = root): string[] {
  const found: string[] = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) found.push(...walkFiles(root, full));
    } else if (entry.isFile()) {
      found.push(relative(root, full).split(sep).join('/'));
    }
  }
  return found;
}

/** The test files under {@link TEST_ROOTS}, sorted. */
export function testFiles(root: string): string[] {
  return TEST_ROOTS.flatMap((top) => walkFiles(root, join(root, top)))
    .filter((file) => TEST_FILE.test(file))
    .sort();
}

/** Each lane's test files (relative paths), read from the files' markers. */
export function laneFiles(root: string): Record<Lane, string[]> {
  const lanes: Record<Lane, string[]> = { unit: [], integration: [], e2e: [] };
  for (const file of testFiles(root)) {
    for (const lane of lanesOf(file, readFileSync(join(root, file), 'utf8'))) lanes[lane].push(file);
  }
  return lanes;
}
