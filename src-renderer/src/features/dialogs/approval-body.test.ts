import { describe, expect, it } from 'vitest';
import { visibleText } from '../../../../src-shared/text/visible-text';

describe('the approval shows a command as it runs', () => {
  it('a bidi override or carriage return is shown as an escape, not obeyed', () => {
    expect(visibleText('echo ok \u202e#; rm -rf /x')).toBe('echo ok \\u{202e}#; rm -rf /x');
    expect(visibleText('ls\rrm -rf ~')).toBe('ls\\rrm -rf ~');
    expect(visibleText('git status\nls\t-l')).toBe('git status\nls\t-l');
  });
});
