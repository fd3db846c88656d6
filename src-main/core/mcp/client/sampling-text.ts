/** Plain text of sampling content (text blocks; other kinds named). */
export function samplingText(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks
    .map((b) => {
      const block = b as { type?: string; text?: string; name?: string };
      if (block?.type === 'text') return block.text ?? '';
      if (block?.type === 'tool_use') return `[tool use: ${block.name}]`;
      return `[${block?.type ?? 'content'}]`;
    })
    .join('\n');
}

/** Text from a server made safe to show: no control characters (terminal escapes) but newlines and tabs. */
export function displayable(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
}
