import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, MAX_CONFIG_DEPTH, parseJsonFile } from './config';
import { ConfigError } from './config-error';
import { configProblems } from './schema';
import { glassboxPaths } from './paths';

let base: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'gb-config-schema-'));
});
afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

function load(user: string, project?: string): Error | null {
  const home = join(base, 'home');
  const ws = join(base, 'ws');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(ws, '.glassbox'), { recursive: true });
  writeFileSync(join(home, 'config.json'), user);
  if (project !== undefined) writeFileSync(join(ws, '.glassbox', 'config.json'), project);
  try {
    loadConfig(glassboxPaths({ GLASSBOX_HOME: home }), ws);
    return null;
  } catch (err) {
    return err as Error;
  }
}

describe('config values are checked (path in the JSON, allowed values)', () => {
  it.each([
    [{ approvals: { mode: 'yolo' } }, 'approvals.mode: "yolo" is not one of "ask", "auto", "deny"'],
    [{ approvals: { rules: [{ tool: 'bash', decision: 'alow' }] } }, 'approvals.rules[0].decision: "alow" is not one of "allow", "ask", "deny"'],
    [{ approvals: { rules: [{ tool: 'bash', decision: 'allow', mtach: 'git*' }] } }, 'approvals.rules[0]: unknown key "mtach" (known: tool, match, decision)'],
    [{ approvals: { rules: [{ tool: 'bash', match: '{a,b}'.repeat(9), decision: 'deny' }] } }, 'approvals.rules[0].match: a glob whose braces expand to more than 256 patterns'],
    [{ approvals: { mdoe: 'ask' } }, 'approvals: unknown key "mdoe" (known: mode, rules, timeoutMs)'],
    [{ approvals: { timeoutMs: 'abc' } }, 'approvals.timeoutMs: must be a number, not a string'],
    [{ approvals: { rules: { tool: 'bash' } } }, 'approvals.rules: must be a list, not an object'],
    [{ approvals: 'auto' }, 'approvals: must be an object, not a string'],
    [{ bash: { timeoutSeconds: 'abc' } }, 'bash.timeoutSeconds: must be a number, not a string'],
    [{ bash: { timeoutSeconds: -1 } }, 'bash.timeoutSeconds: must be more than 0'],
    [{ llm: { provider: 'openia' } }, 'llm.provider: "openia" is not one of "openai", "anthropic"'],
    [{ agent: { maxSteps: 2.5 } }, 'agent.maxSteps: must be a whole number'],
    [{ mcpServers: { files: { command: 'npx', args: '-y x' } } }, 'mcpServers.files.args: must be a list, not a string'],
    [{ mcpServers: { files: { type: 'websocket', url: 'ws://x' } } }, 'mcpServers.files.type: "websocket" is not one of'],
    [{ mcpServers: { r: { url: 'http://x', oauth: { callbackPort: 70000 } } } }, 'mcpServers.r.oauth.callbackPort: must be at most 65535'],
    [{ prices: { m: { input: 'cheap', output: 1 } } }, 'prices.m.input: must be a number, not a string'],
    [{ checkpoints: { enabled: 'no' } }, 'checkpoints.enabled: must be true or false, not a string'],
    [{ checkpoints: { maxFiles: 'many' } }, 'checkpoints.maxFiles: must be a number, not a string'],
  ])('%j', (config, message) => {
    const problems = configProblems(config);
    expect(problems.join('\n')).toContain(message);
  });

  it('accepts the documented shapes, and unknown sections and keys outside approvals', () => {
    expect(
      configProblems({
        llm: { provider: 'openai', model: 'gpt-4o-mini', baseURL: 'http://127.0.0.1:11434/v1', apiKey: '${env:OPENAI_API_KEY}', thinking: { 'o3': 'high' }, api: 'chat' },
        mcpServers: {
          files: { command: 'npx', args: ['-y', 'x'], env: { X: '${env:X}' } },
          remote: { type: 'http', url: 'http://127.0.0.1:3001/mcp', headers: { Authorization: 'Bearer ${env:TOKEN}' }, oauth: { callbackPort: 0 } },
          legacy: { type: 'sse', url: 'http://127.0.0.1:3001/sse', disabled: true, someFutureKey: 1 },
        },
        approvals: { mode: 'ask', rules: [{ tool: 'bash', match: 'git status*', decision: 'allow' }], timeoutMs: 1000 },
        bash: { timeoutSeconds: 120, maxOutputChars: 20000 },
        prices: { m: { input: 0, output: 0 } },
        limits: { sessionUsd: 1 },
        checkpoints: { enabled: false, maxCheckpoints: 50, maxFileBytes: 1_000_000, maxFiles: 10_000 },
        myOwnSection: [1, 2, 3],
      }),
    ).toEqual([]);
  });

  it('is a ConfigError naming the file (user or project) and never quoting a long value', () => {
    const err = load(JSON.stringify({ approvals: { mode: 'yolo' } }));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err!.message).toBe(`Invalid config in ${join(base, 'home', 'config.json')}:\n  approvals.mode: "yolo" is not one of "ask", "auto", "deny"`);
    const project = load('{}', JSON.stringify({ approvals: { rules: [{ tool: 'bash', decision: 'alow' }] } }));
    expect(project!.message).toContain(join(base, 'ws', '.glassbox', 'config.json'));
    const secret = 'sk-' + 'S'.repeat(60);
    const quiet = load(JSON.stringify({ llm: { provider: secret, apiKey: 7 } }));
    expect(quiet!.message).toContain('llm.provider: a string is not one of "openai", "anthropic"');
    expect(quiet!.message).toContain('llm.apiKey: must be a string, not a number');
    expect(quiet!.message).not.toContain('SSSS');
  });
});

describe('a config nested too deep', () => {
  it.each([
    ['a deep list in a section', `{"mcpServers": {"a": ${'['.repeat(100_000)}${']'.repeat(100_000)}}}`],
    ['deep objects', `{"x": ${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`],
    ['deep and broken', `{"x": ${'['.repeat(100_000)}`],
  ])('%s is a config error with its position, not a stack overflow', (_label, text) => {
    const err = load(text);
    expect(err).toBeInstanceOf(ConfigError);
    expect(err!.message).toMatch(new RegExp(`config\\.json:1:\\d+: nested deeper than ${MAX_CONFIG_DEPTH} levels`));
  });

  it('brackets inside strings do not count', () => {
    expect(parseJsonFile(JSON.stringify({ s: '['.repeat(1000) }), '/x.json')).toEqual({ s: '['.repeat(1000) });
  });
});
