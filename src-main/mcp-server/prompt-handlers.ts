import { ProtocolError, ProtocolErrorCode, type GetPromptResult, type Server } from '@modelcontextprotocol/server';
import { mcpCallContext } from '../core/mcp/common/caller';
import { McpCatalog, type PromptMessage } from '../core/mcp/common/catalog';
import type { McpServeHub } from './serve-hub';

type WireMessage = GetPromptResult['messages'][number];

function toWire(m: PromptMessage): WireMessage {
  const c = m.content;
  if (c.type !== 'resource') return { role: m.role, content: c } as WireMessage;
  const r = c.resource;
  const resource = typeof r.blob === 'string' ? { uri: r.uri, ...(r.mimeType ? { mimeType: r.mimeType } : {}), blob: r.blob } : { uri: r.uri, ...(r.mimeType ? { mimeType: r.mimeType } : {}), text: r.text ?? '' };
  return { role: m.role, content: { type: 'resource', resource } };
}

/**
 * `prompts/list`, `prompts/get` (a prompt may ask the client, served in rounds like a tool)
 * and `completion/complete` for prompt arguments and resource-template variables.
 */
export function registerPromptHandlers(server: Server, hub: McpServeHub, era: 'legacy' | 'modern'): void {
  server.setRequestHandler('prompts/list', async () => ({
    prompts: hub.catalog.promptList().map((p) => ({
      name: p.name,
      ...(p.title ? { title: p.title } : {}),
      ...(p.description ? { description: p.description } : {}),
      ...(p.arguments?.length ? { arguments: p.arguments.map((a) => ({ name: a.name, ...(a.description ? { description: a.description } : {}), ...(a.required ? { required: true } : {}) })) } : {}),
    })),
  }));

  server.setRequestHandler('prompts/get', async (req, ctx) => {
    const p = hub.catalog.prompt(req.params.name);
    if (!p) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${req.params.name}`);
    const args: Record<string, string> = { ...(req.params.arguments ?? {}) };
    const missing = (p.arguments ?? []).filter((a) => a.required && (args[a.name] === undefined || args[a.name] === ''));
    if (missing.length) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt '${p.name}' needs the argument(s): ${missing.map((a) => a.name).join(', ')}`);
    const answer = () =>
      hub.rounds.serve(ctx, era, () => server.getClientCapabilities(), async () => {
        const got = await p.get(args, mcpCallContext());
        const { description, messages } = Array.isArray(got) ? { description: p.description, messages: got } : { description: got.description ?? p.description, messages: got.messages };
        return { ...(description ? { description } : {}), messages: messages.map(toWire) };
      });
    // A span of its own when exporting, a child of the caller's (the `traceparent` in the request's `_meta`).
    return hub.session.telemetry ? hub.session.telemetry.served('prompts/get', p.name, req.params._meta, answer) : answer();
  });

  server.setRequestHandler('completion/complete', async (req) => {
    const { ref, argument } = req.params;
    const context = (req.params as { context?: { arguments?: Record<string, string> } }).context?.arguments ?? {};
    if (ref.type === 'ref/prompt') {
      const p = hub.catalog.prompt(ref.name);
      if (!p) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${ref.name}`);
      return { completion: await McpCatalog.complete(p.complete?.[argument.name], argument.value, context) };
    }
    const t = hub.catalog.template(ref.uri);
    // Completing against a fixed resource URI has nothing to offer.
    if (!t) {
      if (hub.catalog.resource(ref.uri)) return { completion: { values: [], total: 0, hasMore: false } };
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown resource template: ${ref.uri}`);
    }
    return { completion: await McpCatalog.complete(t.complete?.[argument.name], argument.value, context) };
  });
}
