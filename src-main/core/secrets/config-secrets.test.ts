import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../events/event-bus';
import { readSessionFile } from '../session/session-file';
import { TraceWriter } from '../session/trace-writer';
import { collectSecrets, secretEnvNames, withoutSecretEnv } from './config-secrets';
import { RedactedEvents } from './redacted-events';
import { REDACTED, SecretRedactor } from './redactor';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'glassbox-secrets-'));

const CONFIG = {
  llm: { apiKey: '${env:OPENAI_API_KEY}' },
  mcpServers: {
    remote: { url: 'http://x', headers: { Authorization: 'Bearer ${env:TOKEN}' } },
    db: { command: 'db', env: { PASSWORD: '${DBPASS}', MISSING: '${env:NOT_SET_ANYWHERE}' } },
  },
};

describe('secret redaction', () => {
  it('collects API keys and MCP header/env values (expanded), and redacts them in trace lines', () => {
    const env = { OPENAI_API_KEY: 'sk-openai-abcdef', TOKEN: 'tok-123456789', DBPASS: 'hunter2hunter2' };
    const secrets = collectSecrets(CONFIG, env);
    expect(secrets).toEqual(expect.arrayContaining(['sk-openai-abcdef', 'Bearer tok-123456789', 'tok-123456789', 'hunter2hunter2']));
    const dir = tempDir();
    const bus = new EventBus('s');
    const w = new TraceWriter(join(dir, 's.jsonl')).attach(new RedactedEvents(bus, new SecretRedactor(secrets)));
    bus.emit({ type: 'tool_execution_start', callId: 'c', tool: 'bash', args: { command: 'curl -H "Authorization: Bearer tok-123456789" x; echo hunter2hunter2' }, source: 'builtin' });
    bus.emit({ type: 'log', level: 'info', source: 't', message: 'key is sk-openai-abcdef' });
    w.close();
    const text = readSessionFile(join(dir, 's.jsonl')).events.map((e) => JSON.stringify(e)).join('\n');
    expect(text).not.toMatch(/tok-123456789|hunter2hunter2|sk-openai-abcdef/);
    expect(text.split(REDACTED).length - 1).toBe(3);
  });

  it('redacts JSON-escaped forms too', () => {
    const r = new SecretRedactor(['pa"ss\\word']);
    expect(r.redact(JSON.stringify({ x: 'pa"ss\\word' }))).toBe(`{"x":"${REDACTED}"}`);
  });
});

describe('secretEnvNames', () => {
  it('lists the model keys, the variables the config refers to, and any variable holding a configured secret', () => {
    const env = {
      OPENAI_API_KEY: 'sk-openai-abcdef',
      TOKEN: 'tok-123456789',
      DBPASS: 'hunter2hunter2',
      // The same password exported under another name, and inside a URL.
      PGPASSWORD: 'hunter2hunter2',
      DATABASE_URL: 'postgres://me:hunter2hunter2@db/x',
      HOME: '/home/me',
      PATH: '/usr/bin',
    };
    expect(secretEnvNames(CONFIG, env)).toEqual([
      'ANTHROPIC_API_KEY',
      'BRAVE_API_KEY',
      'BRAVE_SEARCH_API_KEY',
      'DATABASE_URL',
      'DBPASS',
      'GLASSBOX_LLM_API_KEY',
      'NOT_SET_ANYWHERE',
      'OPENAI_API_KEY',
      'OTEL_EXPORTER_OTLP_HEADERS',
      'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
      'PGPASSWORD',
      'TOKEN',
    ]);
    expect(withoutSecretEnv(CONFIG, env)).toEqual({ HOME: '/home/me', PATH: '/usr/bin' });
  });

  it('with no config still drops the model keys, and keeps everything else', () => {
    const env = { GLASSBOX_LLM_API_KEY: 'sk-live-123456', ANTHROPIC_API_KEY: 'sk-ant-123456', LANG: 'C.UTF-8' };
    expect(withoutSecretEnv({}, env)).toEqual({ LANG: 'C.UTF-8' });
  });
});

describe('collectSecrets: one collector for every redaction', () => {
  const redacts = (secrets: string[], text: string): string => new SecretRedactor(secrets).redact(text);

  it('hides a token an MCP server gets in its URL query or arguments (before, only that server\'s traffic log hid it)', () => {
    const env = { Q_KEY: 'query-key-789', ARG_TOKEN: 'arg-token-456', HOME: '/home/someone', MCP_HOST: 'mcp.internal.example' };
    const config = {
      mcpServers: {
        remote: { url: 'https://${env:MCP_HOST}/mcp?key=${env:Q_KEY}' },
        local: { command: 'srv', args: ['--token', '${ARG_TOKEN}', '${env:HOME}/projects'] },
      },
    };
    const secrets = collectSecrets(config, env);
    expect(redacts(secrets, 'key query-key-789 token arg-token-456')).toBe(`key ${REDACTED} token ${REDACTED}`);
    // A host name and a file path are places, not secrets: paths and URLs in a session stay readable.
    expect(redacts(secrets, 'cd /home/someone/projects; curl https://mcp.internal.example/')).toBe('cd /home/someone/projects; curl https://mcp.internal.example/');
    expect(withoutSecretEnv(config, env)).toEqual({ HOME: '/home/someone', MCP_HOST: 'mcp.internal.example' });
  });

  it('hides the OAuth client secret, the Brave Search key and a URL password (before, none of them)', () => {
    const env = { CLIENT_SECRET: 'client-secret-321', BRAVE_API_KEY: 'brave-env-key-1' };
    const config = {
      mcpServers: {
        signed: { url: 'https://bob:url-password-9@mcp.example.com/mcp', oauth: { clientId: 'app', clientSecret: '${env:CLIENT_SECRET}' } },
      },
      webSearch: { engines: { brave: { apiKey: 'brave-config-key-2' } } },
    };
    const text = 'client-secret-321 brave-env-key-1 brave-config-key-2 url-password-9';
    expect(redacts(collectSecrets(config, env), text)).toBe([REDACTED, REDACTED, REDACTED, REDACTED].join(' '));
    expect(secretEnvNames(config, env)).toEqual(expect.arrayContaining(['CLIENT_SECRET', 'BRAVE_API_KEY']));
  });

  it('a value with one reference set and one not still hides the one that is set (before: nothing of it)', () => {
    const env = { SET_PART: 'set-part-secret-1' };
    const config = { mcpServers: { x: { url: 'http://x', headers: { Authorization: 'Token ${env:SET_PART}:${env:NOT_SET_PART}' } } } };
    expect(redacts(collectSecrets(config, env), 'sent set-part-secret-1')).toBe(`sent ${REDACTED}`);
  });

  it('a literal Basic header: the encoded credential, the decoded user:password and the password alone', () => {
    const basic = Buffer.from('alice:wonderland-pw').toString('base64');
    const secrets = collectSecrets({ mcpServers: { x: { url: 'http://x', headers: { Authorization: `Basic ${basic}` } } } }, {});
    expect(secrets).toEqual(expect.arrayContaining([`Basic ${basic}`, basic, 'alice:wonderland-pw', 'wonderland-pw']));
    expect(redacts(secrets, 'password was wonderland-pw')).toBe(`password was ${REDACTED}`);
  });

  it('the OTLP headers from the config and the environment', () => {
    const env = { OTEL_EXPORTER_OTLP_HEADERS: 'x-honeycomb-team=hc-key-123456,x-other=%7Eencoded-key', OTEL_KEY: 'otel-config-key' };
    const config = { telemetry: { otlp: { endpoint: 'http://127.0.0.1:4318', headers: { 'x-api-key': '${env:OTEL_KEY}' } } } };
    expect(collectSecrets(config, env)).toEqual(expect.arrayContaining(['hc-key-123456', '~encoded-key', 'otel-config-key']));
  });

  it('never collects a value shorter than six characters', () => {
    const secrets = collectSecrets({ llm: { apiKey: 'abc' }, mcpServers: { x: { command: 'y', env: { A: 'a', B: 'abcde' } } } }, { OPENAI_API_KEY: 'k' });
    expect(secrets).toEqual([]);
  });
});
