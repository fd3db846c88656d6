import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../events/event-bus';
import { readSessionFile } from '../session/session-file';
import { TraceWriter } from '../session/trace-writer';
import { collectSecrets, secretEnvNames, withoutSecretEnv } from './config-secrets';
import { RedactedEvents } from './redacted-events';
import { REDACTED, SecretRedactor } from './secret-redactor';

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
      'DATABASE_URL',
      'DBPASS',
      'GLASSBOX_LLM_API_KEY',
      'NOT_SET_ANYWHERE',
      'OPENAI_API_KEY',
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
