import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportedFile } from '../../../src-shared/contract/views';
import { glassboxPaths } from '../../core/config/paths';
import { SessionStore } from '../../core/session/store';
import { BridgeEndpoint } from '../endpoint';
import { InsightsBridge, type DesktopIntegration } from './bridge';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

let seq = 0;
const line = (session: string, type: string, extra: Record<string, unknown>, ts = Date.now()): string => JSON.stringify({ seq: ++seq, ts, session, type, ...extra }) + '\n';

function setup(desktop?: DesktopIntegration) {
  const home = mkdtempSync(join(tmpdir(), 'gb-insights-'));
  dirs.push(home);
  const env = { GLASSBOX_HOME: home };
  const paths = glassboxPaths(env);
  mkdirSync(join(home, 'ws'));
  // A secret configured after the session was written: the export hides it anyway.
  writeFileSync(paths.config, JSON.stringify({ llm: { apiKey: 'sk-late-secret-123456' } }));
  const u = (costUsd: number | null) => ({ inputTokens: 100, outputTokens: 10, costUsd, ttftMs: 5, durationMs: 9 });
  writeFileSync(
    join(paths.sessions, 'aaaa1111.jsonl'),
    line('aaaa1111', 'agent_start', { task: 'check the build' }) +
      line('aaaa1111', 'tool_execution_start', { callId: 'c1', tool: 'bash', args: { command: 'make' }, source: 'builtin' }) +
      line('aaaa1111', 'tool_execution_end', { callId: 'c1', tool: 'bash', result: { output: 'check 3 ok sk-late-secret-123456' }, durationMs: 700 }) +
      line('aaaa1111', 'model_response', { step: 1, response: {}, model: 'gpt-4o', usage: u(0.02) }) +
      line('aaaa1111', 'model_response', { step: 2, response: {}, model: 'local', usage: u(null) }) +
      line('aaaa1111', 'model_response', { step: 3, response: {}, model: 'gpt-4o', usage: u(0.5) }, Date.now() - 30 * 86_400_000),
  );
  const host = new BridgeEndpoint();
  const bridge = new InsightsBridge({ host, paths, store: new SessionStore(paths.sessions), workspace: join(home, 'ws'), env, ...(desktop ? { desktop } : {}) });
  return { host, bridge, paths };
}

describe('InsightsBridge', () => {
  it('searches every saved session by content and filters, and says why a query is bad', async () => {
    const { host } = setup();
    const hits = await host.invoke('sessions.search', '"check 3 ok"');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ session: 'aaaa1111', kind: 'call', tool: 'bash', callId: 'c1', status: 'ok', title: 'check the build' });
    expect(await host.invoke('sessions.search', 'check dur:>500ms tool:bash')).toHaveLength(1);
    expect(await host.invoke('sessions.search', 'check dur:>900ms')).toHaveLength(0);
    await expect(host.invoke('sessions.search', 'status:maybe')).rejects.toMatchObject({ code: 'BAD_ARGS', message: expect.stringMatching(/ok, error or blocked/) });
    await expect(host.invoke('sessions.search', 3 as unknown as string)).rejects.toMatchObject({ code: 'BAD_ARGS' });
  });

  it('sums usage today, this week, in all and by model', async () => {
    const { host } = setup();
    const s = await host.invoke('sessions.usage');
    expect(s.sessions).toBe(1);
    expect(s.all).toMatchObject({ turns: 3, inputTokens: 300, costUsd: 0.52, costUnknownTurns: 1 });
    expect(s.today).toMatchObject({ turns: 2, costUsd: 0.02 });
    expect(s.week).toMatchObject({ turns: 2 });
    expect(s.byModel.map((m) => [m.model, m.usage.turns])).toEqual([['gpt-4o', 2], ['local', 1]]);
  });

  it('exports self-contained HTML with secrets redacted: a download on the web host, the save dialog on the desktop', async () => {
    const { host } = setup();
    const out = await host.invoke('sessions.exportHtml', 'aaaa1111', { withoutToolOutputs: false });
    if (out.kind !== 'download') throw new Error(`expected a download, got ${out.kind}`);
    expect(out.file.mimeType).toBe('text/html');
    expect(out.file.fileName).toMatch(/^glassbox-check-the-build-aaaa1111\.html$/);
    expect(out.file.text).toContain('check 3 ok');
    expect(out.file.text).not.toContain('sk-late-secret-123456');
    expect(out.file.text).not.toMatch(/<script|https?:\/\//i);
    const lean = await host.invoke('sessions.exportHtml', 'aaaa1111', { withoutToolOutputs: true });
    expect(lean.kind === 'download' && lean.file.text).not.toContain('check 3 ok');
    await expect(host.invoke('sessions.exportHtml', '../etc/passwd')).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const saved: ExportedFile[] = [];
    const desk = setup({ saveFile: async (f) => (saved.push(f), '/tmp/x.html'), notify: () => true });
    expect(await desk.host.invoke('sessions.exportHtml', 'aaaa1111')).toEqual({ kind: 'saved', path: '/tmp/x.html' });
    expect(saved[0]!.text).toContain('check 3 ok');
    expect(await desk.host.invoke('app.notify', 'Run finished', 'done')).toEqual({ shown: true });
    const cancel = setup({ saveFile: async () => null, notify: () => false });
    expect(await cancel.host.invoke('sessions.exportHtml', 'aaaa1111')).toEqual({ kind: 'cancelled' });
    expect(await host.invoke('app.notify', 'x', 'y')).toEqual({ shown: false });
  });
});
