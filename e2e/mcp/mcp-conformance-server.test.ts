import { type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
/** The checks the suite saved as failed under `dir` (`-o dir`) for `scenarios`: scenario, check id and reason. */
function failedChecks(dir: string, scenarios: Set<string>): string[] {
  const out: string[] = [];
  for (const run of readdirSync(dir)) {
    // One folder per scenario run: server-<scenario>-<ISO time>.
    const scenario = /^server-(.+)-\d{4}-\d\d-\d\dT/.exec(run)?.[1];
    const file = join(dir, run, 'checks.json');
    if (!scenario || !scenarios.has(scenario) || !existsSync(file)) continue;
    const checks = JSON.parse(readFileSync(file, 'utf8')) as Array<{ id: string; status: string; errorMessage?: string }>;
    for (const c of checks) if (c.status === 'FAILURE') out.push(`${run}: ${c.id}: ${c.errorMessage ?? ''}`);
  }
  return out;
}

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
      const saved = mkdtempSync(join(tmpdir(), 'conformance-'));
      const { out } = await runConformance(['server', '--url', url, '--requirements', revision, '-o', saved]);
      const { results, notScored } = summary(out);
      const scored = [...results].filter(([name]) => !notScored.has(name));
      // The suite ran and scored something (a crash or a changed summary format fails here).
      expect(scored.length, out.slice(-3000)).toBeGreaterThan(revision === '2025-11-25' ? 25 : 30);
      const failed = scored.filter(([, r]) => !r.ok || r.failed > 0);
      const failing = failed.map(([name, r]) => `${name}: ${r.passed} passed, ${r.failed} failed`);
      // A failure names the checks that failed with the suite's reason (from its saved results), then the summary.
      expect(failing, `${failedChecks(saved, new Set(failed.map(([name]) => name))).join('\n')}\n${out.slice(-3000)}`).toEqual([]);
    },
    600_000,
  );
});
