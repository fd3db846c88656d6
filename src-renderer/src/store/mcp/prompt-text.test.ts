import { describe, expect, it } from 'vitest';
import { promptAsText } from './prompt-text';

describe('promptAsText', () => {
  it('joins the user messages, keeps other roles named and leaves out empty ones', () => {
    expect(
      promptAsText({
        messages: [
          { role: 'user', text: 'Review this code:\n\nx = 1', content: {} },
          { role: 'assistant', text: 'Sure, send it.', content: {} },
          { role: 'user', text: '  ', content: {} },
          { role: 'user', text: '[image image/png]', content: {} },
        ],
      }),
    ).toBe('Review this code:\n\nx = 1\n\nassistant: Sure, send it.\n\n[image image/png]');
  });

  it('is empty for a prompt without messages', () => {
    expect(promptAsText({ messages: [] })).toBe('');
  });
});
