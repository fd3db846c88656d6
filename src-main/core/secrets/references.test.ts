import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type GlassboxConfig } from '../config/config';
import { ConfigError } from '../config/config-error';
import { resolveLlmConfig } from '../llm/config';
import { runDoctor } from '../mcp/client/doctor/run-doctor';
import { resolveTelemetry } from '../telemetry/config';
import { resolveWebSearchSettings } from '../tools/web-search/config';
import { expandReferences, isReferenceOnly, referencesIn } from './references';

function caught(fn: () => unknown): Error {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a throw');
}

const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});
/** An environment whose key store is an empty home of this test's own. */
function envWith(vars: Record<string, string>): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'gb-refs-'));
  homes.push(home);
  return { GLASSBOX_HOME: home, ...vars };
}

describe('expandReferences', () => {
  const env = { TOKEN: 'tok', HOST: 'example', EMPTY: '' };

  it('expands ${env:NAME} and ${NAME} in nested strings', () => {
    const value = {
      url: 'http://${HOST}/mcp',
      headers: { Authorization: 'Bearer ${env:TOKEN}' },
      args: ['--x=${TOKEN}', 5, true],
      empty: '[${EMPTY}]',
    };
    expect(expandReferences(value, 'mcpServers.files', env)).toEqual({
      url: 'http://example/mcp',
      headers: { Authorization: 'Bearer tok' },
      args: ['--x=tok', 5, true],
      empty: '[]',
    });
  });

  it('names the entry and the variable when one is missing', () => {
    const err = caught(() => expandReferences({ env: { X: '${env:NOPE}' } }, 'mcpServers.files', env));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toBe('mcpServers.files.env.X: environment variable NOPE is not set');
    const err2 = caught(() => expandReferences({ args: ['a', '${MISSING_TOO}'] }, 'mcpServers.s', env));
    expect(err2.message).toBe('mcpServers.s.args[1]: environment variable MISSING_TOO is not set');
  });

  it('leaves text that is not a reference alone, and never expands an expanded value again', () => {
    expect(expandReferences('$HOME ${1BAD} ${ env:X }', 'w', env)).toBe('$HOME ${1BAD} ${ env:X }');
    expect(expandReferences('${A}', 'w', { A: '${B}', B: 'no' })).toBe('${B}');
  });
});

describe('a missing variable, the same way everywhere', () => {
  // Before, web search left the engine silently unconfigured and the collector used its own copy;
  // now every place that expands a config value says which field and which variable.
  const missing = /environment variable GB_TEST_NOT_SET is not set/;

  it('the model settings: a ConfigError naming llm.apiKey', () => {
    const err = caught(() => resolveLlmConfig({ llm: { model: 'm', apiKey: '${env:GB_TEST_NOT_SET}' } }, envWith({})));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(/^llm\.apiKey: /);
    expect(err.message).toMatch(missing);
  });

  it('telemetry: a ConfigError naming the header', () => {
    const config = { telemetry: { otlp: { endpoint: 'http://127.0.0.1:4318', headers: { 'x-key': '${env:GB_TEST_NOT_SET}' } } } } as GlassboxConfig;
    const err = caught(() => resolveTelemetry(config, envWith({})));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(/^telemetry\.otlp\.headers\.x-key: /);
    expect(err.message).toMatch(missing);
  });

  it('web search: the Brave engine unavailable with the same message (no fallback to an empty key)', () => {
    const s = resolveWebSearchSettings({ engines: { brave: { apiKey: 'X ${env:GB_TEST_NOT_SET}' } } }, envWith({ BRAVE_API_KEY: 'other-key-123' }));
    expect(s.engines.brave.apiKey).toBeUndefined();
    expect(s.engines.brave.problem).toMatch(/^webSearch\.engines\.brave\.apiKey: /);
    expect(s.engines.brave.problem).toMatch(missing);
  });

  it('an MCP server (mcp doctor): its config check fails naming the server field and the variable', async () => {
    const env = envWith({});
    const report = await runDoctor('files', { command: 'true', env: { KEY: '${env:GB_TEST_NOT_SET}' } }, { workspace: tmpdir(), env, configPath: join(env.GLASSBOX_HOME!, 'config.json') });
    const failed = report.checks.find((c) => c.status === 'failed');
    expect(failed?.saw).toMatch(/mcpServers\.files\.env\.KEY: /);
    expect(failed?.saw).toMatch(missing);
  });
});

describe('isReferenceOnly', () => {
  it.each([
    ['${env:TOKEN}', true],
    ['${TOKEN}', true],
    ['${secret:gh.token}', true],
    ['Bearer ${env:TOKEN}', true],
    ['Basic ${AUTH}', true],
    ['sk-live-1234', false],
    ['Bearer sk-live-1234', false],
    ['${env:TOKEN}sk-extra-secret', false],
    ['', false],
    ['$TOKEN', false],
  ])('%s → %s', (value, expected) => {
    expect(isReferenceOnly(value)).toBe(expected);
  });
});

describe('referencesIn', () => {
  it('finds env and key-store references in nested values', () => {
    expect(referencesIn({ a: ['x ${env:A} ${B}', { c: '${secret:s.k}' }], n: 1 })).toEqual([
      { kind: 'env', name: 'A' },
      { kind: 'env', name: 'B' },
      { kind: 'secret', name: 's.k' },
    ]);
  });
});
