// @lane integration: a Python helper swaps folders during reads
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SkillCatalog, SKILLS_PROMPT_HEADER } from './catalog';
import { skillRoots } from './folders';
import { LoadSkillTool } from './load-skill-tool';
import { startSwapper } from '../workspace/test-support/swap-race';

let base: string;
let home: string;
let ws: string;

function skill(root: string, name: string, description: string, body = `Body of ${name}.`, front = `name: ${name}\ndescription: ${description}`): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'SKILL.md'), `---\n${front}\n---\n${body}\n`);
  return dir;
}

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'gb-skills-'));
  home = join(base, 'home');
  ws = join(base, 'ws');
  mkdirSync(home);
  mkdirSync(ws);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('SkillCatalog over folders', () => {
  it('finds skills in the home and every workspace folder, home first on a name clash', () => {
    skill(join(home, 'skills'), 'alpha', 'Alpha things.');
    skill(join(ws, '.glassbox', 'skills'), 'beta', 'Beta things.');
    skill(join(ws, '.agents', 'skills'), 'gamma', 'Gamma things.');
    skill(join(ws, '.claude', 'skills'), 'delta', 'Delta things.');
    skill(join(ws, '.claude', 'skills'), 'alpha', 'Another alpha.');
    const c = new SkillCatalog(skillRoots(home, ws));
    expect(c.list().map((s) => [s.name, s.source, s.enabled])).toEqual([
      ['alpha', 'home', true],
      ['beta', 'workspace', true],
      ['gamma', 'workspace:.agents', true],
      ['delta', 'workspace:.claude', true],
    ]);
    expect(c.problems()).toEqual([{ file: join(ws, '.claude', 'skills', 'alpha', 'SKILL.md'), line: 2, message: expect.stringContaining('already found') }]);
  });

  it('tells the model names and descriptions only, and not those switched off', () => {
    skill(join(home, 'skills'), 'alpha', 'Alpha things.', 'SECRET-ALPHA-BODY');
    skill(join(home, 'skills'), 'beta', 'Beta things.');
    const c = new SkillCatalog(skillRoots(home, ws), ['beta']);
    const [text] = c.promptText();
    expect(text.startsWith(SKILLS_PROMPT_HEADER)).toBe(true);
    expect(text).toContain('- alpha: Alpha things.');
    expect(text).not.toContain('SECRET-ALPHA-BODY');
    expect(text).not.toContain('beta');
    c.setEnabled('alpha', false);
    expect(c.promptText()).toEqual([]);
  });

  it('reports a bad SKILL.md with its file and line and lists the rest', () => {
    skill(join(home, 'skills'), 'good', 'Fine.');
    skill(join(home, 'skills'), 'renamed', '', '', 'name: other\ndescription: d');
    skill(join(home, 'skills'), 'bad', '', '', 'name: bad\ndescription: [unclosed\nx: 1');
    const c = new SkillCatalog(skillRoots(home, ws));
    expect(c.list().map((s) => s.name)).toEqual(['good']);
    expect(c.problems()).toEqual([
      { file: join(home, 'skills', 'bad', 'SKILL.md'), line: 4, message: expect.stringMatching(/^invalid YAML/) },
      { file: join(home, 'skills', 'renamed', 'SKILL.md'), line: 2, message: '"name" is "other" but the folder is "renamed": they must be the same' },
    ]);
  });

  it('loads the body and files; refuses files outside the folder and links', async () => {
    const dir = skill(join(ws, '.glassbox', 'skills'), 'pdf', 'PDF work.', '# Use scripts/fill.py');
    mkdirSync(join(dir, 'scripts'));
    writeFileSync(join(dir, 'scripts', 'fill.py'), 'print(1)\n');
    writeFileSync(join(base, 'outside.txt'), 'OUTSIDE');
    symlinkSync(join(base, 'outside.txt'), join(dir, 'link.txt'));
    const tool = new LoadSkillTool(new SkillCatalog(skillRoots(home, ws)));
    const r = await tool.execute({ name: 'pdf' });
    expect(r.output).toContain(`Folder: ${dir}`);
    expect(r.output).toContain('- scripts/fill.py');
    expect(r.output).toContain('# Use scripts/fill.py');
    expect(r.output).not.toContain('link.txt');
    expect((await tool.execute({ name: 'pdf', file: 'scripts/fill.py' })).output).toBe('print(1)\n');
    expect((await tool.execute({ name: 'pdf', file: '../../../outside.txt' })).error).toMatch(/leaves the skill's folder/);
    expect((await tool.execute({ name: 'pdf', file: join(base, 'outside.txt') })).error).toMatch(/not a path relative/);
    expect((await tool.execute({ name: 'pdf', file: 'link.txt' })).error).toMatch(/outside the skill's folder/);
    expect((await tool.execute({ name: 'nope' })).error).toMatch(/no skill named 'nope'; available: pdf/);
  });

  it('does not follow a SKILL.md or a skill folder that is a symlink', () => {
    writeFileSync(join(base, 'secret.md'), '---\nname: leak\ndescription: leaked\n---\nKEY');
    mkdirSync(join(ws, '.claude', 'skills', 'leak'), { recursive: true });
    symlinkSync(join(base, 'secret.md'), join(ws, '.claude', 'skills', 'leak', 'SKILL.md'));
    const real = skill(join(base, 'elsewhere'), 'linked', 'Linked.');
    symlinkSync(real, join(ws, '.claude', 'skills', 'linked'));
    const c = new SkillCatalog(skillRoots(home, ws));
    expect(c.list()).toEqual([]);
    expect(c.problems()[0]!.message).toMatch(/outside the skill's folder/);
  });

  it('never reads outside the skill folder while an agent swaps a folder of it with a link out (renameat2 race)', async () => {
    const dir = skill(join(ws, '.claude', 'skills'), 'race', 'Race.');
    mkdirSync(join(dir, 'refs'));
    writeFileSync(join(dir, 'refs', 'notes.md'), 'NOTES');
    mkdirSync(join(base, 'secret'));
    writeFileSync(join(base, 'secret', 'notes.md'), 'SECRET-KEY');
    symlinkSync(join(base, 'secret'), join(dir, 'swap'));
    const tool = new LoadSkillTool(new SkillCatalog(skillRoots(home, ws)));
    const racer = await startSwapper(join(dir, 'refs'), join(dir, 'swap'));
    const seen = new Set<string>();
    try {
      for (let i = 0; i < 400; i++) {
        const r = await tool.execute({ name: 'race', file: 'refs/notes.md' });
        seen.add(r.output ?? 'error');
      }
    } finally {
      await racer.stop();
    }
    expect(seen.has('SECRET-KEY')).toBe(false);
    expect(seen.has('NOTES')).toBe(true);
  });

  it('refuses to load a skill that is switched off', async () => {
    skill(join(home, 'skills'), 'alpha', 'Alpha.');
    const tool = new LoadSkillTool(new SkillCatalog(skillRoots(home, ws), ['alpha']));
    expect((await tool.execute({ name: 'alpha' })).error).toMatch(/switched off/);
  });
});
