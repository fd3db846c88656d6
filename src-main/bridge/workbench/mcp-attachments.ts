import { BridgeError } from '../../../src-shared/contract/wire';
import type { McpAttachmentRef } from '../../../src-shared/contract/mcp-inspector-views';
import type { McpInspectorPort } from './mcp-inspector-service';

/**
 * The user's message with its attachments in front, each fenced and named after where it came
 * from (`everything:resource test://…`), so the model (and the session file) can tell the
 * server's text from the user's. The message carries text only: an attachment's images are
 * named, not sent.
 */
export async function composeWithAttachments(text: string, refs: McpAttachmentRef[], mcp: McpInspectorPort | undefined): Promise<string> {
  if (!refs.length) return text;
  if (!mcp) throw new BridgeError('FAILED', 'MCP servers are not available in this session.');
  const parts: string[] = [];
  for (const r of refs) {
    let att;
    try {
      att = r.kind === 'resource' ? await mcp.catalog.resourceAttachment(r.server, r.uri) : await mcp.catalog.promptAttachment(r.server, r.name, r.args);
    } catch (err) {
      throw new BridgeError('FAILED', `Could not attach ${r.kind === 'resource' ? r.uri : `${r.server}:${r.name}`}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const images = att.images.length ? `\n[${att.images.length} image(s) (${att.images.map((i) => i.mimeType).join(', ')}) not included: messages carry text only]` : '';
    // A server's text cannot close the fence early and pass for the user's words.
    const body = att.text.replace(/<(\/?)attachment/gi, '<$1\u200battachment');
    parts.push(`<attachment from="${att.label.replace(/["<>\n]/g, "'")}">\n${body}${images}\n</attachment>`);
  }
  return text.trim() ? `${parts.join('\n\n')}\n\n${text}` : parts.join('\n\n');
}
