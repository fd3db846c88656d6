import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from '../agent/system-prompt';
import { PATH_RULE, resolveToolPath } from '../workspace/tool-path';
import { createBuiltinTools } from './builtin-tools';
import type { Tool, ToolContext } from './tool';

// One truth about paths: the system prompt, every built-in tool's description and schema, and
// what the tools do must agree. A model follows the prompt; a tool that then refuses its path
// costs the user an approval for a call that fails, and a turn.

/** Sentences that would contradict "tools take paths relative to the workspace, or absolute". */
const CONTRADICTIONS = [
  /must be (an )?absolute/i,
  /should start with `?\/`?/i,
  /absolute path to/i,
  /only absolute/i,
  /not an absolute path/i,
  /relative paths? (are|is) (not|never) (allowed|accepted|supported)/i,
  /relative to the (current|working) directory/i,
];

/** Schema properties that carry a path (by name); `file_text` is file content. */
const PATH_PROPERTY = /(^|_)(path|paths|file|dir|directory|folder|cwd)$/i;

function tools(): Tool[] {
  const base = mkdtempSync(join(tmpdir(), 'gb-paths-'));
  return createBuiltinTools({ workspace: join(base, 'ws'), home: join(base, 'home'), config: {} });
}

/** Every text the model reads about a tool: its description and each property's, nested too. */
function texts(tool: Tool): { where: string; text: string; property?: string }[] {
  const out: { where: string; text: string; property?: string }[] = [{ where: `${tool.name}.description`, text: tool.description }];
  const walk = (schema: unknown, at: string): void => {
    if (!schema || typeof schema !== 'object') return;
    const s = schema as { description?: unknown; properties?: Record<string, unknown>; items?: unknown };
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      const d = (prop as { description?: unknown }).description;
      if (typeof d === 'string') out.push({ where: `${at}.${name}`, text: d, property: name });
      walk(prop, `${at}.${name}`);
    }
    if (s.items) walk(s.items, `${at}[]`);
  };
  walk(tool.inputSchema, tool.name);
  return out;
}

describe('paths: the prompt, the schemas and the tools agree', () => {
  const prompt = buildSystemPrompt({ workspace: '/home/u/proj', platform: 'linux (x64)', date: new Date('2026-01-01') });

  it('the system prompt states the rule, and nothing contradicts it', () => {
    expect(prompt).toContain(`paths ${PATH_RULE}`);
    expect(prompt).toContain('/home/u/proj');
    for (const re of CONTRADICTIONS) expect(prompt, `prompt matches ${re}`).not.toMatch(re);
  });

  it('no built-in tool description or schema contradicts it', () => {
    const all = tools().flatMap(texts);
    expect(all.length).toBeGreaterThan(8);
    for (const { where, text } of all) for (const re of CONTRADICTIONS) expect(text, `${where} matches ${re}`).not.toMatch(re);
  });

  it('every path argument says it is relative to the workspace, or absolute', () => {
    const pathProps = tools()
      .flatMap(texts)
      .filter((t) => t.property && PATH_PROPERTY.test(t.property));
    // str_replace_editor's `path` at least; any future path argument is held to the same rule.
    expect(pathProps.map((p) => p.where)).toContain('str_replace_editor.path');
    for (const p of pathProps) expect(p.text, p.where).toContain(PATH_RULE);
  });

  it('tools that run in a folder say it is the workspace, as the prompt does', () => {
    expect(prompt).toMatch(/`bash` and `python_execute` start there/);
    const byName = new Map(tools().map((t) => [t.name, t]));
    expect(byName.get('bash')?.description).toMatch(/starting in the workspace/);
    expect(byName.get('python_execute')?.description).toMatch(/working directory is the workspace/);
  });

  it('the editor does what its schema says: a relative path lands in the workspace and the result names the absolute path', async () => {
    const base = mkdtempSync(join(tmpdir(), 'gb-paths-run-'));
    const ws = join(base, 'ws');
    mkdirSync(ws);
    const editor = createBuiltinTools({ workspace: ws, home: join(base, 'home'), config: {} }).find((t) => t.name === 'str_replace_editor')!;
    const ctx: ToolContext = { signal: new AbortController().signal, workspace: ws, home: join(base, 'home'), callId: 'c1' };
    const created = await editor.execute({ command: 'create', path: 'tests/test_calc.py', file_text: 'x = 1\n' }, ctx);
    expect(created.error).toBeUndefined();
    expect(created.output).toBe(`File created successfully at: ${join(ws, 'tests/test_calc.py')}`);
    expect(readFileSync(join(ws, 'tests/test_calc.py'), 'utf8')).toBe('x = 1\n');
    const edited = await editor.execute({ command: 'str_replace', path: './tests/../tests/test_calc.py', old_str: 'x = 1', new_str: 'x = 2' }, ctx);
    expect(edited.output).toContain(`The file ${join(ws, 'tests/test_calc.py')} has been edited.`);
    const preview = await editor.preview!({ command: 'str_replace', path: 'tests/test_calc.py', old_str: 'x = 2', new_str: 'x = 3' }, { workspace: ws });
    expect(preview).toMatchObject({ path: join(ws, 'tests/test_calc.py'), before: 'x = 2\n', after: 'x = 3\n' });
    expect(preview?.error).toBeUndefined();
  });
});

describe('resolveToolPath', () => {
  it.each([
    ['src/a.py', '/ws/src/a.py'],
    ['./a.py', '/ws/a.py'],
    ['a/../b.py', '/ws/b.py'],
    ['../out.txt', '/out.txt'],
    ['/etc/hosts', '/etc/hosts'],
    ['/ws//x/./y', '/ws/x/y'],
    ['~file', '/ws/~file'],
  ])('%s → %s', (given, want) => {
    expect(resolveToolPath('/ws', given)).toEqual({ ok: true, path: want });
  });

  it.each([[''], ['   '], ['~'], ['~/.ssh/id_rsa'], ['a\0b']])('refuses %j with a reason', (given) => {
    const r = resolveToolPath('/ws', given);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason.length).toBeGreaterThan(10);
  });
});
