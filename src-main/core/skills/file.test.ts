import { describe, expect, it } from 'vitest';
import { parseSkillFile } from './file';

describe('parseSkillFile', () => {
  it('reads name, description and the body after the front matter', () => {
    const r = parseSkillFile('---\nname: pdf-forms\ndescription: Fill PDF forms.\nlicense: MIT\n---\n\n# Steps\nRun it.\n');
    expect(r).toEqual({ ok: true, skill: { frontMatter: { name: 'pdf-forms', description: 'Fill PDF forms.', license: 'MIT' }, body: '# Steps\nRun it.\n' } });
  });

  it('accepts CRLF and a byte-order mark, and folded descriptions', () => {
    const r = parseSkillFile('\uFEFF---\r\nname: a\r\ndescription: >\r\n  two\r\n  lines\r\n---\r\nbody');
    expect(r.ok && r.skill.frontMatter.description).toBe('two lines');
  });

  it.each([
    ['no opening line', 'name: x\n', 1, /must begin with a "---" line/],
    ['no closing line', '---\nname: x\ndescription: y\n', 4, /no closing "---"/],
    ['broken YAML on the file line it is on', '---\nname: x\ndescription: [oops\nother: 1\n---\n', 4, /invalid YAML/],
    ['a duplicate key', '---\nname: x\nname: y\ndescription: d\n---\n', 3, /invalid YAML: Map keys must be unique$/],
    ['a missing description', '---\nname: x\n---\n', 2, /"description" is missing/],
    ['a bad name, on its line', '---\ndescription: d\nname: Not OK\n---\n', 3, /"name" must be lowercase/],
    ['a list instead of a mapping', '---\n- a\n---\n', 2, /must be a mapping/],
  ])('reports %s with its line', (_label, text, line, message) => {
    const r = parseSkillFile(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problem.line).toBe(line);
    expect(r.problem.message).toMatch(message);
  });
});
