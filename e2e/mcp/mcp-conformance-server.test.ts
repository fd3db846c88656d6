import { type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startGlassbox, tempGlassbox } from '../helpers/cli';
import { HAVE_NODE22, runConformance, summary } from './conformance-run';

/**
 * The official suite's server scenarios, run against `glassbox mcp serve --http` with the
 * conformance fixture extension (which registers every fixture through the extension API).
 * `--requirements R` runs exactly what revision R requires; every scored scenario must pass.
 * Scenarios the suite itself marks as not scored (extensions like tasks, pending drafts) are
 * reported but not required.
 */
describe.skipIf(!HAVE_NODE22)('official MCP conformance suite, server mode', () => {
  let child: ChildProcess;
  let url = '';
  beforeAll(async () => {
    const t = tempGlassbox();
    mkdirSync(join(t.home, 'extensions'), { recursive: true });
    mkdirSync(t.workspace, { recursive: true });
    cpSync(join(ROOT, 'e2e', 'fixtures', 'conformance-extension'), join(t.home, 'extensions', 'conformance-extension'), { recursive: true });
    const s = await startGlassbox(['mcp', 'serve', '--http', '--port', '0', '--token', 'conformance-token', '--approve', 'auto'], { env: t.env, cwd: t.workspace, timeoutMs: 60_000 });
    child = s.child;
    // The suite's raw requests carry no Authorization header: the token rides in the URL.
    url = `${s.firstLine.replace('Glassbox MCP: ', '')}?token=conformance-token`;
  }, 90_000);
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it.each(['2025-11-25', '2026-07-28'])(
    '--requirements %s over --http: every scored scenario passes',
    async (revision) => {
      const { out } = await runConformance(['server', '--url', url, '--requirements', revision]);
      const { results, notScored } = summary(out);
      const scored = [...results].filter(([name]) => !notScored.has(name));
      // The suite ran and scored something (a crash or a changed summary format fails here).
      expect(scored.length, out.slice(-3000)).toBeGreaterThan(revision === '2025-11-25' ? 25 : 30);
      const failing = scored.filter(([, r]) => !r.ok || r.failed > 0).map(([name, r]) => `${name}: ${r.passed} passed, ${r.failed} failed`);
      expect(failing, out.slice(-6000)).toEqual([]);
    },
    600_000,
  );
});
