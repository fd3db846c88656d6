import { BridgeError } from '../../../src-shared/contract/wire';
import type { McpAttachmentRef } from '../../../src-shared/contract/mcp-inspector-views';
import type { McpInspectorPort } from './mcp-inspector-service';

/** At most this many attachments on one message. */
export const MAX_ATTACHMENTS = 8;

/** Checks attachment refs from the page (untrusted): their shape, sizes and argument types. */
export function checkAttachmentRefs(refs: unknown[]): McpAttachmentRef[] {
  if (refs.length > MAX_ATTACHMENTS) throw new BridgeError('BAD_ARGS', `agent.sendWith: at most ${MAX_ATTACHMENTS} attachments.`);
  return refs.map((r, i) => {
    const a = r as Record<string, unknown> | null;
    const where = `agent.sendWith: attachment ${i + 1}`;
    if (!a || typeof a !== 'object' || typeof a.server !== 'string' || !a.server) throw new BridgeError('BAD_ARGS', `${where} needs a server.`);
    if (a.kind === 'resource') {
      if (typeof a.uri !== 'string' || !a.uri || a.uri.length > 8_192) throw new BridgeError('BAD_ARGS', `${where}: a resource needs its URI.`);
      return { kind: 'resource', server: a.server, uri: a.uri };
    }
    if (a.kind === 'prompt') {
      if (typeof a.name !== 'string' || !a.name) throw new BridgeError('BAD_ARGS', `${where}: a prompt needs its name.`);
      const args = a.args ?? {};
      if (typeof args !== 'object' || Array.isArray(args) || Object.values(args).some((v) => typeof v !== 'string')) throw new BridgeError('BAD_ARGS', `${where}: prompt arguments must be strings.`);
      return { kind: 'prompt', server: a.server, name: a.name, args: args as Record<string, string> };
    }
    throw new BridgeError('BAD_ARGS', `${where}: kind must be "resource" or "prompt".`);
  });
}

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
