import { describe, expect, it } from 'vitest';
import { clipOutput } from './output-clip';

describe('clipOutput', () => {
  it('leaves short text alone', () => {
    expect(clipOutput('short', 100)).toEqual({ text: 'short', omittedChars: 0, omittedLines: 0 });
  });

  it('keeps head and tail at line boundaries and says what was omitted', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `line ${i}`).join('\n');
    const c = clipOutput(text, 200);
    expect(c.text.startsWith('line 0\nline 1\n')).toBe(true);
    expect(c.text.endsWith('line 998\nline 999')).toBe(true);
    expect(c.omittedLines).toBeGreaterThan(900);
    expect(c.text).toContain(`[... ${c.omittedChars.toLocaleString('en-US')} characters (${c.omittedLines} lines) omitted`);
    expect(c.text.length).toBeLessThan(400);
    // Nothing is lost between head, marker and tail.
    const [head, tail] = c.text.split(/\n\[\.\.\. .* \.\.\.\]\n/);
    expect(head!.length + c.omittedChars + tail!.length).toBe(text.length);
  });

  it('clips one huge line too', () => {
    const c = clipOutput('y'.repeat(10_000), 1000);
    expect(c.omittedChars).toBe(9000);
    expect(c.text).toMatch(/^y{500}\n\[\.\.\. 9,000 characters \(0 lines\) omitted/);
  });
});
