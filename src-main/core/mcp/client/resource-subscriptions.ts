import type { McpSubscription } from '@modelcontextprotocol/client';
import type { McpServerConnection } from './connection';

/**
 * The resources a session watches on one server. On 2025 connections each is a
 * `resources/subscribe`; on 2026 connections they ride one `subscriptions/listen` stream
 * (re-opened with the new set when it changes). Updates arrive as
 * `notifications/resources/updated` either way. Kept across reconnects: `restore` subscribes
 * again on the new connection.
 */
export class ResourceSubscriptions {
  private readonly uris = new Set<string>();
  private stream?: McpSubscription;

  /** The subscribed URIs. */
  list(): string[] {
    return [...this.uris];
  }

  async subscribe(conn: McpServerConnection, uri: string): Promise<void> {
    const client = conn.sdkClient;
    if (!client || conn.status !== 'connected') throw new Error(`MCP server '${conn.id}' is not connected (status ${conn.status})`);
    if (!client.getServerCapabilities()?.resources?.subscribe) throw new Error(`MCP server '${conn.id}' does not offer resource subscriptions`);
    if (this.uris.has(uri)) return;
    this.uris.add(uri);
    try {
      if (client.getProtocolEra() === 'modern') await this.relisten(conn);
      else await client.subscribeResource({ uri }, { timeout: conn.timeoutMs });
    } catch (err) {
      this.uris.delete(uri);
      throw err;
    }
  }

  async unsubscribe(conn: McpServerConnection, uri: string): Promise<void> {
    if (!this.uris.delete(uri)) return;
    const client = conn.sdkClient;
    if (!client || conn.status !== 'connected') return;
    if (client.getProtocolEra() === 'modern') await this.relisten(conn);
    else await client.unsubscribeResource({ uri }, { timeout: conn.timeoutMs });
  }

  /** Subscribes the kept URIs again on a fresh connection; failures are reported, not thrown. */
  async restore(conn: McpServerConnection, report: (message: string) => void): Promise<void> {
    this.stream = undefined;
    const client = conn.sdkClient;
    if (!client || !this.uris.size) return;
    try {
      if (client.getProtocolEra() === 'modern') await this.relisten(conn);
      else for (const uri of this.uris) await client.subscribeResource({ uri }, { timeout: conn.timeoutMs });
    } catch (err) {
      report(`re-subscribing to resources failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private async relisten(conn: McpServerConnection): Promise<void> {
    const client = conn.sdkClient!;
    const old = this.stream;
    this.stream = this.uris.size ? await client.listen({ resourceSubscriptions: [...this.uris] }) : undefined;
    await old?.close().catch(() => {});
  }

  /** Forgets everything (server removed); streams end with their connection. */
  clear(): void {
    this.uris.clear();
    this.stream = undefined;
  }
}
