// The official conformance suite in client mode, for both protocol revisions. The adapter
// (fixtures/conformance-client-adapter.ts) drives Glassbox's own client: McpManager, its
// connections and the tools the agent calls, with a headless human port.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli';
import { HAVE_NODE22, runConformance, summary } from './conformance-run';

const JITI = join(ROOT, 'node_modules', '.bin', 'jiti');
const ADAPTER = join(ROOT, 'e2e', 'mcp', 'fixtures', 'conformance-client-adapter.ts');

/** Sign-in scenarios are scored too and must pass (GLASSBOX_CONFORMANCE_AUTH=0 reports them without requiring them). */
const requireAuth = process.env.GLASSBOX_CONFORMANCE_AUTH !== '0';

describe.skipIf(!HAVE_NODE22)('official MCP conformance suite, client mode', () => {
  it.each(['2025-11-25', '2026-07-28'])('--requirements %s: every scored scenario passes through Glassbox’s client', async (revision) => {
    // The suite starts every scenario's client at once: on 2 shared cores a client can need
    // well over 30 s just to start, so the per-client timeout is generous. --verbose makes the
    // summary name each failed check with its message, so a failure here says what went wrong.
    const { out } = await runConformance(['client', '--command', `${JITI} ${ADAPTER}`, '--requirements', revision, '--timeout', '150000', '--verbose']);
    const { results, notScored } = summary(out);
    const scored = [...results].filter(([name]) => !notScored.has(name));
    const passing = scored.filter(([, r]) => r.ok).map(([n]) => n);
    // The suite runs ~30 scenarios' clients at once; on 2 loaded cores some of them miss a step
    // (different ones each time, each passing alone: 8 of 32 with another copy of the tests
    // beside it). A scenario that fails is run once more on its own, up to 12 of them; it counts
    // as passing only if that run passes, and the retry is logged, so a real failure still fails here.
    const retried: string[] = [];
    let tries = 0;
    for (const [name, r] of scored) {
      if (r.ok || tries++ >= 12) continue;
      const again = await runConformance(['client', '--command', `${JITI} ${ADAPTER}`, '--scenario', name, '--spec-version', revision, '--timeout', '150000', '--verbose']);
      if (again.code === 0 && /OVERALL: PASSED/.test(again.out)) {
        r.ok = true;
        retried.push(name);
      }
    }
    if (retried.length) console.log(`conformance client ${revision}: passed when run alone after failing in the parallel run: ${retried.join(', ')}`);
    const failing = scored.filter(([, r]) => !r.ok).map(([n]) => n);
    const authFailing = failing.filter((n) => n.startsWith('auth/'));
    const otherFailing = failing.filter((n) => !n.startsWith('auth/'));
    const extension = [...results].filter(([n]) => notScored.has(n)).map(([n, r]) => `${r.ok ? '✓' : '✗'} ${n}`);
    // The counts go to the test log: they are what the docs and the lead's reports quote.
    console.log(
      `conformance client ${revision}: ${passing.length} of ${scored.length} scored scenarios pass\n` +
        `  failing (auth): ${authFailing.join(', ') || 'none'}\n  failing (other): ${otherFailing.join(', ') || 'none'}\n` +
        `  not scored: ${extension.join(', ') || 'none'}`,
    );
    expect(scored.length, out.slice(-3000)).toBeGreaterThan(0);
    expect(otherFailing, out.slice(-6000)).toEqual([]);
    if (requireAuth) expect(authFailing, out.slice(-6000)).toEqual([]);
  }, 900_000);
});
