import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { startGlassbox, tempGlassbox } from '../helpers/cli';

// `glassbox web --host` other than loopback (docs/security.md): a warning, and the server
// answers requests that name an address it listens on — before, such a server refused everyone
// with 403. Requests go to loopback here; only the Host header names the interface address.

function get(port: number, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ hostname: '127.0.0.1', port, path, method: 'GET', headers: { Host: host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('glassbox web --host 0.0.0.0', { timeout: 120_000 }, () => {
  it('warns, answers with the Host of an interface address, and still refuses other names', async () => {
    const t = tempGlassbox();
    const { child, firstLine, output } = await startGlassbox(['web', '--host', '0.0.0.0', '--port', '0'], { env: t.env, timeoutMs: 60_000 });
    try {
      expect(output().stderr).toMatch(/warning: listening on 0\.0\.0\.0, reachable from other machines/);
      const url = new URL(firstLine.slice('Glassbox UI: '.length));
      const port = Number(url.port);
      const path = `/${url.search}`;
      const ip = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
      if (ip) expect(await get(port, path, `${ip}:${port}`)).toBe(302);
      expect(await get(port, path, `127.0.0.1:${port}`)).toBe(302);
      expect(await get(port, path, `evil.example:${port}`)).toBe(403);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
