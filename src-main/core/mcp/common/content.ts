import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/client';
import type { ToolImage, ToolResult } from '../../../../src-shared/events/tool-result';

/**
 * `ToolResult.metadata` key holding MCP content blocks that have no ToolResult field (audio,
 * resource links, embedded resources). The client keeps them there so a remote tool served on
 * again by `glassbox mcp serve` passes them through, and extension tools use it to return them.
 */
export const MCP_CONTENT_METADATA_KEY = 'mcpContent';

function byteLength(base64: string): number {
  return Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

/** A one-line description of a content block the model cannot see directly. */
function describeBlock(block: ContentBlock): string | undefined {
  switch (block.type) {
    case 'audio':
      return `[audio: ${block.mimeType}, ${byteLength(block.data)} bytes]`;
    case 'resource_link': {
      const mime = block.mimeType ? ` (${block.mimeType})` : '';
      const desc = block.description ? ` — ${block.description}` : '';
      return `[resource link: ${block.name} <${block.uri}>${mime}${desc}]`;
    }
    case 'resource': {
      const r = block.resource;
      const mime = r.mimeType ? ` (${r.mimeType})` : '';
      if ('text' in r && typeof r.text === 'string') return `[resource <${r.uri}>${mime}]\n${r.text}`;
      const blob = 'blob' in r && typeof r.blob === 'string' ? r.blob : '';
      return `[binary resource <${r.uri}>${mime}, ${byteLength(blob)} bytes]`;
    }
    default:
      return undefined;
  }
}

/**
 * Maps an MCP `tools/call` result to a ToolResult: text joined, images kept, audio / resource
 * links / embedded resources described (embedded text inlined), `structuredContent` as JSON when
 * there is no text, and `isError` turned into an error result the model sees as `Error: …`.
 */
export function mcpResultToToolResult(result: CallToolResult): ToolResult {
  // The common reply, one text block: mapped without the arrays and metadata below (per call).
  const only = result.content?.length === 1 ? result.content[0] : undefined;
  if (only?.type === 'text' && result.structuredContent === undefined) {
    if (result.isError) return { error: only.text || 'the tool reported an error without a message' };
    return only.text ? { output: only.text } : {};
  }
  const texts: string[] = [];
  const images: ToolImage[] = [];
  const passThrough: ContentBlock[] = [];
  let hasText = false;
  for (const block of result.content ?? []) {
    if (block.type === 'text') {
      texts.push(block.text);
      hasText = true;
    } else if (block.type === 'image') {
      images.push({ data: block.data, mimeType: block.mimeType });
    } else {
      const d = describeBlock(block);
      if (d !== undefined) texts.push(d);
      passThrough.push(block);
    }
  }
  if (!hasText && result.structuredContent !== undefined) {
    texts.unshift(JSON.stringify(result.structuredContent, null, 2));
  }
  const text = texts.join('\n');
  const out: ToolResult = {};
  if (result.isError) out.error = text || 'the tool reported an error without a message';
  else if (text) out.output = text;
  if (images.length) out.images = images;
  const metadata: Record<string, unknown> = {};
  if (passThrough.length) metadata[MCP_CONTENT_METADATA_KEY] = passThrough;
  if (result.structuredContent !== undefined) metadata.structuredContent = result.structuredContent;
  if (Object.keys(metadata).length) out.metadata = metadata;
  return out;
}

function isContentBlock(v: unknown): v is ContentBlock {
  if (!v || typeof v !== 'object') return false;
  const t = (v as { type?: unknown }).type;
  return t === 'text' || t === 'image' || t === 'audio' || t === 'resource' || t === 'resource_link';
}

/**
 * Maps a ToolResult back to an MCP `tools/call` result (the server side): output and error as
 * text, images as image blocks, the system note as text, pass-through blocks from
 * `metadata.mcpContent`, and `isError` when the result carries an error.
 */
export function toolResultToMcpResult(result: ToolResult): CallToolResult {
  const content: ContentBlock[] = [];
  if (result.output) content.push({ type: 'text', text: result.output });
  if (result.error) content.push({ type: 'text', text: result.error });
  for (const img of result.images ?? []) content.push({ type: 'image', data: img.data, mimeType: img.mimeType });
  const extra = result.metadata?.[MCP_CONTENT_METADATA_KEY];
  if (Array.isArray(extra)) for (const b of extra) if (isContentBlock(b)) content.push(b);
  if (result.system) content.push({ type: 'text', text: `[system] ${result.system}` });
  const out: CallToolResult = { content };
  const structured = result.metadata?.structuredContent;
  if (structured && typeof structured === 'object' && !Array.isArray(structured)) {
    out.structuredContent = structured as Record<string, unknown>;
  }
  if (result.error) out.isError = true;
  return out;
}
