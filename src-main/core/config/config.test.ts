import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-write';
import { loadConfig, mergeConfigs, offsetToLineColumn, parseJsonFile, readConfigFile, updateConfigFile } from './config';
import { ConfigError } from './config-error';
import { findJsonSyntaxError } from './json-syntax-error';
import { glassboxPaths, workspaceDir } from './paths';

let base: string;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'gb-config-'));
});
afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

function caught(fn: () => unknown): Error {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a throw');
}

describe('glassboxPaths', () => {
  it('uses $GLASSBOX_HOME and creates its folders on first use', () => {
    const home = join(base, 'gbhome');
    const p = glassboxPaths({ GLASSBOX_HOME: home });
    expect(p).toEqual({
      home,
      config: join(home, 'config.json'),
      sessions: join(home, 'sessions'),
      extensions: join(home, 'extensions'),
      state: join(home, 'state'),
    });
    for (const d of [p.home, p.sessions, p.extensions, p.state]) expect(statSync(d).isDirectory()).toBe(true);
  });

  it('defaults to ~/.glassbox and can skip creating', () => {
    const p = glassboxPaths({ HOME: base }, false);
    expect(p.home.endsWith('.glassbox')).toBe(true);
  });
});

describe('loadConfig', () => {
  function setup(user?: string, project?: string): { home: string; ws: string } {
    const home = join(base, 'home');
    const ws = join(base, 'ws');
    mkdirSync(home, { recursive: true });
    mkdirSync(workspaceDir(ws), { recursive: true });
    if (user !== undefined) writeFileSync(join(home, 'config.json'), user);
    if (project !== undefined) writeFileSync(join(workspaceDir(ws), 'config.json'), project);
    return { home, ws };
  }

  it('is empty when neither file exists', () => {
    const { home, ws } = setup();
    expect(loadConfig(glassboxPaths({ GLASSBOX_HOME: home }), ws).config).toEqual({});
  });

  it('merges the project over the user config; mcpServers by id, project wins', () => {
    const user = {
      llm: { provider: 'openai', model: 'gpt-4o-mini', apiKey: '${env:OPENAI_API_KEY}' },
      mcpServers: { a: { command: 'user-a' }, b: { command: 'user-b', args: ['x'] } },
      approvals: { mode: 'ask', rules: [{ tool: 'bash', decision: 'allow' }] },
      custom: 1,
    };
    const project = {
      llm: { model: 'local-model' },
      mcpServers: { b: { type: 'http', url: 'http://127.0.0.1:1/mcp' }, c: { command: 'proj-c' } },
      approvals: { mode: 'deny' },
    };
    const { home, ws } = setup(JSON.stringify(user), JSON.stringify(project));
    const loaded = loadConfig(glassboxPaths({ GLASSBOX_HOME: home }), ws);
    expect(loaded.config).toEqual({
      llm: { provider: 'openai', model: 'local-model', apiKey: '${env:OPENAI_API_KEY}' },
      mcpServers: {
        a: { command: 'user-a' },
        b: { type: 'http', url: 'http://127.0.0.1:1/mcp' }, // the whole entry is the project's
        c: { command: 'proj-c' },
      },
      approvals: { mode: 'deny', rules: [{ tool: 'bash', decision: 'allow' }] },
      custom: 1,
    });
    expect(loaded.userPath).toBe(join(home, 'config.json'));
    expect(loaded.projectPath).toBe(join(ws, '.glassbox', 'config.json'));
  });

  it('reads a project config alone, and a file with a byte-order mark', () => {
    const { home, ws } = setup(undefined, '\uFEFF{"llm":{"model":"m"}}');
    expect(loadConfig(glassboxPaths({ GLASSBOX_HOME: home }), ws).config).toEqual({ llm: { model: 'm' } });
  });

  it('treats an empty file as an empty config', () => {
    const { home, ws } = setup('  \n', '');
    expect(loadConfig(glassboxPaths({ GLASSBOX_HOME: home }), ws).config).toEqual({});
  });

  it('reports a malformed user config with path, line and column, and leaves it untouched', () => {
    const text = '{\n  "llm": {\n    "model": "x",,\n  }\n}\n';
    const { home, ws } = setup(text);
    const err = caught(() => loadConfig(glassboxPaths({ GLASSBOX_HOME: home }), ws));
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).code).toBe('CONFIG_ERROR');
    expect(err.message).toBe(`Malformed JSON in ${join(home, 'config.json')}:3:18: expected a "quoted" property name`);
    expect(readFileSync(join(home, 'config.json'), 'utf8')).toBe(text);
  });

  it('reports a malformed project config with its own path', () => {
    const { home, ws } = setup('{}', '{"a": tru}');
    const err = caught(() => loadConfig(glassboxPaths({ GLASSBOX_HOME: home }), ws));
    expect(err.message).toBe(`Malformed JSON in ${join(ws, '.glassbox', 'config.json')}:1:7: not a JSON value here (strings and names need double quotes; no NaN, no single quotes)`);
  });

  it('refuses a config that is not an object', () => {
    const { home, ws } = setup('[1, 2]');
    const err = caught(() => loadConfig(glassboxPaths({ GLASSBOX_HOME: home }), ws));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toBe(`${join(home, 'config.json')}: the config must be a JSON object`);
  });
});

/** jsonc-parser's InvalidSymbol in words (json-syntax-error.ts). */
const NOT_A_VALUE = 'not a JSON value here (strings and names need double quotes; no NaN, no single quotes)';

describe('parseJsonFile positions (jsonc-parser)', () => {
  it.each([
    ['{"a": 1,}', 1, 9, 'expected a "quoted" property name'],
    ['{\n  "a": 1\n', 3, 1, "expected ',' or '}'"],
    ['{"a": "x\ny"}', 1, 7, 'unterminated string (or a line break inside one)'],
    ["{'a': 1}", 1, 2, NOT_A_VALUE],
    ['{"a": 01}', 1, 8, "expected ','"],
    ['{"a": [1 2]}', 1, 10, "expected ','"],
    ['{"a": 1} x', 1, 10, NOT_A_VALUE],
    ['{"a": "\\q"}', 1, 7, 'bad escape in a string'],
    ['{"a": -}', 1, 7, NOT_A_VALUE],
    ['{"a": "unterminated', 1, 7, 'unterminated string (or a line break inside one)'],
    ['{"a" 1}', 1, 6, "expected ':'"],
    ['{\n  "a": 1 // note\n}', 2, 10, 'comments are not allowed in JSON'],
    ['{"a": 1}{}', 1, 9, 'unexpected text after the end of the JSON value'],
  ])('%j → line %i column %i', (text, line, column, reason) => {
    const err = caught(() => parseJsonFile(text, '/x/config.json'));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toBe(`Malformed JSON in /x/config.json:${line}:${column}: ${reason}`);
  });

  it('never quotes the file text (it may hold API keys)', () => {
    for (const text of ['{"apiKey": "sk-SECRET-123" oops}', '{"apiKey": sk-SECRET-123}', '{"apiKey": "sk-SECRET-123\n"}', "{'sk-SECRET-123': 1}"]) {
      const err = caught(() => parseJsonFile(text, '/x/c.json'));
      expect(err.message).toMatch(/^Malformed JSON in \/x\/c\.json:1:\d+: /);
      expect(err.message).not.toContain('SECRET');
      expect(err.message).not.toContain('sk-');
    }
  });

  it('agrees with JSON.parse on valid documents', () => {
    for (const t of ['{}', '[]', '{"a":[1,-2.5e+3,true,false,null,"\\u00e9\\n"]}', ' 0 ', '"x"']) {
      expect(findJsonSyntaxError(t)).toBeNull();
      expect(() => JSON.parse(t)).not.toThrow();
    }
  });

  it('offsetToLineColumn is 1-based', () => {
    expect(offsetToLineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(offsetToLineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe('mergeConfigs', () => {
  it('lets the project replace scalars and arrays', () => {
    expect(mergeConfigs({ a: 1, list: [1, 2] }, { a: 2, list: [3] })).toEqual({ a: 2, list: [3] });
  });
});

describe('updateConfigFile and writeFileAtomic', () => {
  it('writes the update atomically and leaves no temp file behind', () => {
    const path = join(base, 'home', 'config.json');
    updateConfigFile(path, (c) => ({ ...c, llm: { model: 'a' } }));
    const next = updateConfigFile(path, (c) => ({ ...c, approvals: { mode: 'auto' } }));
    expect(next).toEqual({ llm: { model: 'a' }, approvals: { mode: 'auto' } });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(next);
    expect(readdirSync(join(base, 'home'))).toEqual(['config.json']);
  });

  it('never overwrites a malformed config', () => {
    const path = join(base, 'config.json');
    writeFileSync(path, '{"broken": ');
    const err = caught(() => updateConfigFile(path, () => ({ fresh: true })));
    expect(err).toBeInstanceOf(ConfigError);
    expect(readFileSync(path, 'utf8')).toBe('{"broken": ');
  });

  it('removes its temp file when the rename fails', () => {
    const dir = join(base, 'd');
    mkdirSync(dir);
    const target = join(dir, 'config.json');
    writeFileSync(target, 'old');
    // The target is replaced by a folder of the same name: rename must fail.
    const blocked = join(dir, 'sub');
    mkdirSync(join(blocked, 'x'), { recursive: true });
    expect(() => writeFileAtomic(blocked, 'new')).toThrow();
    expect(readdirSync(dir).sort()).toEqual(['config.json', 'sub']);
    expect(readFileSync(target, 'utf8')).toBe('old');
  });

  it('keeps the permissions of the file it replaces', () => {
    const path = join(base, 'secret.json');
    writeFileSync(path, '{}', { mode: 0o600 });
    writeFileAtomic(path, '{"a":1}');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toBe('{"a":1}');
  });

  it('creates missing folders', () => {
    const path = join(base, 'a', 'b', 'c.json');
    writeFileAtomic(path, 'x');
    expect(existsSync(path)).toBe(true);
  });
});

describe('readConfigFile', () => {
  it('returns {} for a missing file and never creates it', () => {
    const path = join(base, 'none.json');
    expect(readConfigFile(path)).toEqual({});
    expect(existsSync(path)).toBe(false);
  });
});
