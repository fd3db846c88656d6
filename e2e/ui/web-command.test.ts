import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runGlassbox, startGlassbox, tempGlassbox } from '../helpers/cli';

// `glassbox web` as a command (docs/cli.md): the first line, --port, exit 0 on SIGINT, usage errors.

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

describe('glassbox web', { timeout: 120_000 }, () => {
  it('prints exactly `Glassbox UI: http://127.0.0.1:PORT/?token=TOKEN` first, on the asked port, and exits 0 on SIGINT', async () => {
    const t = tempGlassbox();
    const port = await freePort();
    const { child, firstLine } = await startGlassbox(['web', '--port', String(port)], { env: t.env, timeoutMs: 60_000 });
    expect(firstLine).toMatch(new RegExp(`^Glassbox UI: http://127\\.0\\.0\\.1:${port}/\\?token=[0-9a-f]{64}$`));
    const res = await fetch(firstLine.slice('Glassbox UI: '.length), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const code = await new Promise<number | null>((resolve) => {
      child.once('exit', (c) => resolve(c));
      child.kill('SIGINT');
    });
    expect(code).toBe(0);
  });

  it('usage errors exit 2 with the reason', async () => {
    const t = tempGlassbox();
    const bad = await runGlassbox(['web', '--port', 'eighty'], { env: t.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--port');
    const unknown = await runGlassbox(['web', '--frobnicate'], { env: t.env });
    expect(unknown.code).toBe(2);
    const missing = await runGlassbox(['web', '--session', 'no-such-session'], { env: t.env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no-such-session');
  });
});
