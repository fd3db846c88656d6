import { Client, type Transport } from '@modelcontextprotocol/client';
import type { McpServerConfig } from '../../config/config';
import type { HumanInputPort } from '../../tools/tool';
import { PROTOCOL_ERRORS_REPORTED, type McpConnectionOptions } from './connection-types';
import { errMessage } from './failure-explanation';
import { negotiationFor, type McpProtocolSetting } from './protocol-version';
import { clientCapabilities, installServerRequestHandlers, type ServerRequestRecord } from './server-requests';

/** What one SDK client of a connection is built from and reports to. */
export interface McpClientSetup {
  id: string;
  config: McpServerConfig;
  options: McpConnectionOptions;
  setting: McpProtocolSetting;
  probeTimeoutMs: number;
  currentCall(): { callId: string; humanInput?: HumanInputPort } | undefined;
  toolsChanged(): void;
  catalogChanged(what: 'resources' | 'prompts'): void;
  resourceUpdated(uri: string): void;
  serverRequest(r: ServerRequestRecord): void;
  /** Something the server sent that the SDK could not use (already worded). */
  unusable(text: string): void;
}

/**
 * The SDK client for one connection attempt: Glassbox's identity and capabilities, the era
 * negotiation the config asks for, list-change and resource-update handlers, the handlers for
 * what servers ask (elicitation, sampling, roots), and a bounded report of unusable messages
 * (a line that is not JSON, an answer to no request, a message of the wrong shape: reported and
 * dropped, the connection goes on — a server spewing garbage must not flood the log).
 */
export function makeMcpClient(s: McpClientSetup): Client {
  const client = new Client(
    { name: 'glassbox', version: s.options.clientVersion ?? '0.1.0' },
    {
      capabilities: clientCapabilities(),
      ...negotiationFor(s.setting, s.probeTimeoutMs),
      listChanged: {
        tools: { autoRefresh: false, onChanged: () => s.toolsChanged() },
        prompts: { autoRefresh: false, onChanged: () => s.catalogChanged('prompts') },
        resources: { autoRefresh: false, onChanged: () => s.catalogChanged('resources') },
      },
    },
  );
  const o = s.options;
  installServerRequestHandlers(client, {
    server: s.id,
    workspace: o.workspace,
    roots: s.config.roots,
    currentCall: s.currentCall,
    ...(o.humanInput ? { humanInput: o.humanInput } : {}),
    ...(o.sampler ? { sampler: o.sampler } : {}),
    ...(o.openUrl ? { openUrl: o.openUrl } : {}),
    record: s.serverRequest,
  });
  client.setNotificationHandler('notifications/resources/updated', (n) => {
    const uri = (n.params as { uri?: unknown } | undefined)?.uri;
    if (typeof uri === 'string') s.resourceUpdated(uri);
  });
  // Log lines are routed by the call router as they arrive (the SDK dispatches them a tick late).
  client.setNotificationHandler('notifications/message', () => {});
  let reported = 0;
  client.onerror = (err) => {
    if (++reported > PROTOCOL_ERRORS_REPORTED) return;
    const more = reported === PROTOCOL_ERRORS_REPORTED ? ' (further problems of this connection are not reported)' : '';
    s.unusable(`MCP server '${s.id}' sent something Glassbox cannot use: ${errMessage(err)}${more}`);
  };
  return client;
}

/** Runs the handshake over a transport that is already started (stdio: the spawn was its own step, so a spawn failure is named as such). */
export async function connectStarted(client: Client, transport: Transport, options: Parameters<Client['connect']>[1]): Promise<void> {
  const realStart = transport.start.bind(transport);
  transport.start = async () => {};
  try {
    await client.connect(transport, options);
  } finally {
    transport.start = realStart;
  }
}
