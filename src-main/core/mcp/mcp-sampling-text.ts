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
