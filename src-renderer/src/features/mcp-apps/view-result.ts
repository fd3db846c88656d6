import type { ToolResultRecord } from '../../../../src-shared/events/tool-result';

/** A recorded result as the view gets it (an MCP `CallToolResult`): text, images, structured content, error. */
export function viewToolResult(r: ToolResultRecord | undefined): { content: Array<Record<string, unknown>>; structuredContent?: Record<string, unknown>; isError?: boolean } {
  const content: Array<Record<string, unknown>> = [];
  if (!r) return { content };
  if (r.output) content.push({ type: 'text', text: r.output });
  if (r.error) content.push({ type: 'text', text: r.error });
  for (const img of r.images ?? []) content.push({ type: 'image', data: img.data, mimeType: img.mimeType });
  const structured = r.metadata?.structuredContent;
  return {
    content,
    ...(structured && typeof structured === 'object' && !Array.isArray(structured) ? { structuredContent: structured as Record<string, unknown> } : {}),
    ...(r.error ? { isError: true } : {}),
  };
}

/** The text of a view's content blocks (what `ui/message` and `ui/update-model-context` carry), structured content as JSON. */
export function blocksText(content: unknown, structured?: unknown): string {
  const parts: string[] = [];
  if (Array.isArray(content)) {
    for (const b of content) {
      const block = b as { type?: unknown; text?: unknown };
      if (block && block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
    }
  }
  if (structured !== undefined && structured !== null) parts.push(JSON.stringify(structured));
  return parts.join('\n');
}
