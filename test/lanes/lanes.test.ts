import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.ts';
import { LANES, laneMarkers, lanesOf, walkFiles } from './lanes.ts';
import { takeUnitLaneViolations, UnitLaneViolation } from './unit-lane-guard.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Anything a test runner could take for a test file, wherever it is. */
const TEST_LIKE = /\.(test|spec)\.[cm]?[jt]sx?$/;

interface Project {
  name: string;
  include: string[];
  exclude: string[];
}

function projects(): Project[] {
  const listed = config.test?.projects ?? [];
  return listed.map((entry) => {
    if (typeof entry !== 'object' || entry === null || !('test' in entry) || !entry.test) throw new Error('each project is an inline config');
    const test = entry.test as { name?: unknown; include?: string[]; exclude?: string[] };
    return { name: String(test.name), include: test.include ?? [], exclude: test.exclude ?? [] };
  });
}

describe('test lanes', () => {
  it('has one project per lane, in lane order', () => {
    expect(projects().map((p) => p.name)).toEqual([...LANES]);
  });

  it('lists each lane as plain file paths, which vitest reads as they are written', () => {
    // vitest reads `include` and `exclude` as globs of its own dialect (picomatch: `*` stops at
    // `/`, `[…]` classes, `!(…)`): plain paths keep this check free of a second glob dialect.
    const globby = projects().flatMap((p) => [...p.include, ...p.exclude]).filter((entry) => /[*?{}[\]()!+@]/.test(entry));
    expect(globby).toEqual([]);
  });

  it('puts every test file in the repository in exactly one lane', () => {
    const matchers = projects().map((p) => {
      const include = new Set(p.include);
      const exclude = new Set(p.exclude);
      return { name: p.name, included: (f: string) => include.has(f), excluded: (f: string) => exclude.has(f) };
    });
    const files = walkFiles(ROOT).filter((f) => TEST_LIKE.test(f));
    expect(files.length).toBeGreaterThan(100);
    const wrong = files
      .map((file) => ({ file, lanes: matchers.filter((m) => m.included(file) && !m.excluded(file)).map((m) => m.name) }))
      .filter(({ lanes }) => lanes.length !== 1)
      .map(({ file, lanes }) => `${file}: ${lanes.length === 0 ? 'in no lane' : `in ${lanes.join(' and ')}`}`);
    expect(wrong).toEqual([]);
  });

  it('reads a file’s lane from its marker, else from its place', () => {
    expect(lanesOf('src-main/core/x.test.ts', 'import x;\n')).toEqual(['unit']);
    expect(lanesOf('e2e/cli/x.test.ts', 'import x;\n')).toEqual(['e2e']);
    expect(lanesOf('src-main/x.test.ts', '// @lane integration: real bash\nimport x;\n')).toEqual(['integration']);
    expect(lanesOf('e2e/lint/x.test.ts', '  // @lane unit\n')).toEqual(['unit']);
    // Two lanes, or a misspelt one, are kept as they are so the check above names the file.
    expect(lanesOf('src-main/x.test.ts', '// @lane unit\n// @lane integration\n')).toEqual(['unit', 'integration']);
    expect(lanesOf('src-main/x.test.ts', '// @lane integraton\n')).toEqual([]);
    expect(laneMarkers('// @lane integraton\n')).toEqual(['integraton']);
    // Only a line comment of its own counts: not a string, not text inside a comment.
    expect(laneMarkers("const s = '// @lane e2e';\n/* @lane e2e */\n// see @lane e2e\n")).toEqual([]);
  });

  it('stops the unit lane from starting a process, and says where the test belongs', () => {
    takeUnitLaneViolations();
    expect(() => spawn('true')).toThrow(UnitLaneViolation);
    const taken = takeUnitLaneViolations();
    expect(taken).toHaveLength(1);
    expect(taken[0]).toContain('// @lane integration');
  });
});
