import { describe, expect, it } from 'vitest';
import { parseArgsText, schemaProblems } from './args-check';

describe('parseArgsText', () => {
  it.each([
    ['{"message":"hi"}', true],
    ['{}', true],
    ['[]', false],
    ['"x"', false],
    ['null', false],
    ['{"a":', false],
  ])('%s → ok %s', (text, ok) => {
    expect(parseArgsText(text).ok).toBe(ok);
  });
  it('explains a syntax error', () => {
    const r = parseArgsText('{"a":');
    expect(!r.ok && r.reason).toMatch(/^Not valid JSON/);
  });
});

describe('schemaProblems', () => {
  it('keeps errors only, with their line', () => {
    expect(
      schemaProblems([
        { severity: 8, message: 'Missing property "message".', startLineNumber: 1 },
        { severity: 4, message: 'a warning', startLineNumber: 2 },
      ]),
    ).toEqual(['line 1: Missing property "message".']);
  });
});
