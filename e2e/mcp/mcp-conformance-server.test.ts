import { type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startGlassbox, tempGlassbox } from '../helpers/cli';
import { HAVE_NODE22, runConformance, summary } from './conformance-run';

/** Scenarios about what Glassbox serves: protocol and every kind of tool result. */
const REQUIRED = [
  'server-initialize',
  'ping',
  'tools-list',
  'dns-rebinding-protection',
  'server-sse-multiple-streams',
  'logging-set-level',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-error',
  'tools-call-with-logging',
  'tools-call-with-progress',
];

describe.skipIf(!HAVE_NODE22)('official MCP conformance suite, server mode', () => {
  let child: ChildProcess;
  let url = '';
  beforeAll(async () => {
    const t = tempGlassbox();
    mkdirSync(join(t.home, 'extensions'), { recursive: true });
    mkdirSync(t.workspace, { recursive: true });
    cpSync(join(ROOT, 'e2e', 'fixtures', 'conformance-extension'), join(t.home, 'extensions', 'conformance-extension'), { recursive: true });
    const s = await startGlassbox(['mcp', 'serve', '--http', '--port', '0', '--token', 'conformance-token'], { env: t.env, cwd: t.workspace, timeoutMs: 60_000 });
    child = s.child;
    // The suite's raw requests carry no Authorization header: the token rides in the URL.
    url = `${s.firstLine.replace('Glassbox MCP: ', '')}?token=conformance-token`;
  }, 90_000);
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('server mode over --http: protocol and tool-content scenarios pass', async () => {
    const { out } = await runConformance(['server', '--url', url]);
    const { results } = summary(out);
    const failing = REQUIRED.filter((s) => !results.get(s) || results.get(s)!.failed > 0 || results.get(s)!.passed === 0);
    expect(failing, out.slice(-4000)).toEqual([]);
  }, 300_000);
});
