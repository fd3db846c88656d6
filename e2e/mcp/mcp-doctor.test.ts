import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runGlassbox, tempGlassbox } from '../helpers/cli';
import { EVERYTHING } from './mcp-test-helpers';
import type { DoctorReport } from '../../src-shared/contract/doctor-views';

// End to end: `glassbox mcp doctor ID` against servers broken in one way each; every case names
// the check that failed, what it saw and what to do. Needs `npm run build` first.
vi.setConfig({ testTimeout: 120_000 });

const BAD_SCHEMA = join(import.meta.dirname, 'fixtures', 'bad-schema-server.mjs');
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen(s: Server): Promise<number> {
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
}

async function doctor(mcpServers: Record<string, unknown>, id: string, extra: string[] = []): Promise<{ code: number | null; report: DoctorReport; stdout: string; stderr: string }> {
  const t = tempGlassbox();
  mkdirSync(t.home, { recursive: true });
  mkdirSync(t.workspace, { recursive: true });
  writeFileSync(join(t.home, 'config.json'), JSON.stringify({ mcpServers }));
  const r = await runGlassbox(['mcp', 'doctor', id, '--json', ...extra], { env: t.env, cwd: t.workspace });
  let report: DoctorReport;
  try {
    report = JSON.parse(r.stdout) as DoctorReport;
  } catch {
    throw new Error(`not JSON: ${r.stdout}\n${r.stderr}`);
  }
  return { code: r.code, report, stdout: r.stdout, stderr: r.stderr };
}

const steps = (r: DoctorReport) => r.checks.map((c) => `${c.step}:${c.status}`);
const failed = (r: DoctorReport) => r.checks.find((c) => c.status === 'failed')!;

describe('glassbox mcp doctor', () => {
  it('a healthy stdio server: every check passes, and a tool call of the user\'s choice', async () => {
    const { code, report } = await doctor({ ev: { command: process.execPath, args: [EVERYTHING, 'stdio'] } }, 'ev', ['--call', 'echo', '--args', '{"message":"hi doctor"}']);
    expect(code).toBe(0);
    expect(report).toMatchObject({ server: 'ev', transport: 'stdio', healthy: true, failedStep: null });
    expect(steps(report)).toEqual(['config:ok', 'command:ok', 'start:ok', 'handshake:ok', 'lists:ok', 'schemas:ok', 'call:ok']);
    expect(report.checks.find((c) => c.step === 'handshake')!.saw).toMatch(/protocol 2025-11-25 \(initialize\), over stdio; capabilities: .*tools/);
    expect(report.checks.find((c) => c.step === 'call')!.saw).toContain('hi doctor');
  });

  it('command missing', async () => {
    const { code, report } = await doctor({ gone: { command: 'no-such-mcp-command-xyz', args: [] } }, 'gone');
    expect(code).toBe(1);
    expect(report.failedStep).toBe('command');
    expect(steps(report)).toEqual(['config:ok', 'command:failed']);
    expect(failed(report).saw).toContain("'no-such-mcp-command-xyz' is not on PATH");
    expect(failed(report).fix).toContain('mcpServers.gone.command');
  });

  it('exits at once: the exit code and its stderr', async () => {
    const { code, report } = await doctor({ dies: { command: process.execPath, args: ['-e', 'console.error("fatal: API_KEY is not set"); process.exit(3)'] } }, 'dies');
    expect(code).toBe(1);
    expect(report.failedStep).toBe('start');
    expect(failed(report).saw).toMatch(/the process exited with code 3/);
    expect(failed(report).saw).toContain('fatal: API_KEY is not set');
  });

  it('a config variable that is not set', async () => {
    const { report } = await doctor({ v: { command: 'node', env: { K: '${env:DOCTOR_UNSET_VARIABLE}' } } }, 'v');
    expect(report.failedStep).toBe('config');
    expect(failed(report).saw).toContain('environment variable DOCTOR_UNSET_VARIABLE is not set');
  });

  it('HTTP 404', async () => {
    const port = await listen(createHttpServer((_q, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('no such route')));
    const { code, report } = await doctor({ web: { type: 'http', url: `http://127.0.0.1:${port}/wrong` } }, 'web');
    expect(code).toBe(1);
    expect(steps(report)).toEqual(['config:ok', 'dns:ok', 'tcp:ok', 'tls:skipped', 'http:failed']);
    expect(failed(report).saw).toMatch(/^HTTP 404 Not Found, Content-Type text\/plain: no such route/);
    expect(failed(report).fix).toContain("check the URL's path");
  });

  it('nothing listening: the TCP check fails', async () => {
    const port = await listen(createHttpServer());
    await new Promise((r) => servers.pop()!.close(r));
    const { report } = await doctor({ web: { url: `http://127.0.0.1:${port}/mcp` } }, 'web');
    expect(report.failedStep).toBe('tcp');
    expect(failed(report).saw).toContain('ECONNREFUSED');
  });

  it('TLS to a self-signed server', async () => {
    const t = tempGlassbox();
    mkdirSync(t.home, { recursive: true });
    const key = join(t.home, 'key.pem');
    const cert = join(t.home, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
    const port = await listen(createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_q, res) => res.end('{}')));
    const { code, report } = await doctor({ tls: { url: `https://localhost:${port}/mcp` } }, 'tls');
    expect(code).toBe(1);
    expect(report.failedStep).toBe('tls');
    expect(failed(report).saw).toMatch(/SELF_SIGNED_CERT: certificate of localhost issued by localhost/);
    expect(failed(report).fix).toContain('NODE_EXTRA_CA_CERTS');
  });

  it('OAuth metadata missing', async () => {
    const port = await listen(
      createHttpServer((req, res) => {
        if (req.url?.startsWith('/.well-known/')) return void res.writeHead(404).end();
        res.writeHead(401, { 'www-authenticate': 'Bearer realm="x"' }).end();
      }),
    );
    const { code, report } = await doctor({ auth: { url: `http://127.0.0.1:${port}/mcp` } }, 'auth');
    expect(code).toBe(1);
    expect(steps(report)).toEqual(['config:ok', 'dns:ok', 'tcp:ok', 'tls:skipped', 'http:ok', 'oauth:failed']);
    expect(report.checks[4]!.saw).toContain('asks for sign-in');
    expect(failed(report).saw).toContain(`no protected-resource metadata at http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp`);
  });

  it('a tool with an invalid schema', async () => {
    const { code, report } = await doctor({ bad: { command: process.execPath, args: [BAD_SCHEMA] } }, 'bad');
    expect(code).toBe(1);
    expect(report.failedStep).toBe('schemas');
    expect(failed(report).saw).toMatch(/^broken: inputSchema\/properties\/n\/type /);
    expect(report.checks.find((c) => c.step === 'lists')!.saw).toBe('2 tool(s)');
  });

  it('an unknown server is a usage error; the human report names the failing step', async () => {
    const t = tempGlassbox();
    mkdirSync(t.home, { recursive: true });
    mkdirSync(t.workspace, { recursive: true });
    writeFileSync(join(t.home, 'config.json'), JSON.stringify({ mcpServers: { gone: { command: 'no-such-mcp-command-xyz' } } }));
    const unknown = await runGlassbox(['mcp', 'doctor', 'nope'], { env: t.env, cwd: t.workspace });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("no MCP server 'nope' is configured (configured: gone)");
    const human = await runGlassbox(['mcp', 'doctor', 'gone'], { env: t.env, cwd: t.workspace });
    expect(human.code).toBe(1);
    expect(human.stdout).toContain('✗ command');
    expect(human.stdout).toContain("Failed at 'command'.");
  });
});
