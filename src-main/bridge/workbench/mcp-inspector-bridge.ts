import { BridgeError } from '../../../src-shared/contract/wire';
import type { BridgeEndpoint } from '../endpoint';
import type { CurrentSession } from '../current-session';
import { composeWithAttachments } from './mcp-attachments';
import { isInspectorPort, McpInspectorService, type McpInspectorPort } from './mcp-inspector-service';

/**
 * Registers the MCP inspector's methods (resources, prompts, completions, hand calls, traffic,
 * log level) and `agent.sendWith` (a message with resources or prompts attached) over the
 * current session. Returns the unregister function.
 */
export function registerMcpInspector(host: BridgeEndpoint, current: CurrentSession, env: NodeJS.ProcessEnv): () => void {
  const mcpOf = (): McpInspectorPort => {
    const mcp = current.session?.core.mcp;
    if (!isInspectorPort(mcp)) throw new BridgeError('FAILED', 'MCP servers are not available in this session.');
    return mcp;
  };
  const inspector = (): McpInspectorService => {
    const core = current.session?.core;
    if (!core) throw new BridgeError('FAILED', 'No session is open.');
    return new McpInspectorService(mcpOf(), core, env);
  };
  return host.registerAll({
    // The attachments were parsed at the edge (McpAttachmentRefSchema: kinds, sizes, at most MAX_ATTACHMENTS).
    'agent.sendWith': async (text, refs) => {
      if (!refs.length) return current.send(text);
      // Refused before any server is asked for what to attach.
      if (current.session?.busy) throw new BridgeError('BUSY', 'The agent is already working; stop it or wait.');
      const mcp = current.session?.core.mcp;
      return current.send(await composeWithAttachments(text, refs, isInspectorPort(mcp) ? mcp : undefined));
    },
    'mcp.resources': (id) => inspector().resources(id),
    'mcp.readResource': (id, uri) => inspector().readResource(id, uri),
    'mcp.subscribe': (id, uri, on) => inspector().subscribe(id, uri, on),
    'mcp.prompts': (id) => inspector().prompts(id),
    'mcp.getPrompt': (id, name, args) => inspector().getPrompt(id, name, args),
    'mcp.complete': (id, ref, argument, value, context) => inspector().complete(id, ref, argument, value, context),
    'mcp.callTool': (id, tool, args) => inspector().callTool(id, tool, args),
    'mcp.traffic': (id, after) => inspector().traffic(id, after),
    'mcp.setLogLevel': (id, level) => inspector().setLogLevel(id, level),
  });
}
