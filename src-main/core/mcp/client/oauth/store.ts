import type { OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';

/** What Glassbox keeps about its sign-in to one MCP server. */
export interface SavedServerAuth {
  /** The server URL the tokens were issued for: they are never sent to another URL. */
  serverUrl: string;
  /** The current tokens, stamped with their issuer by the SDK. */
  tokens?: StoredOAuthTokens;
  /** When `tokens` were saved (ms since the epoch), to know when `expires_in` runs out. */
  tokensSavedAt?: number;
  /** Clients registered dynamically (or by metadata document URL), by issuer. */
  clients?: Record<string, StoredOAuthClientInformation>;
  /** Protected-resource and authorization-server metadata found last time. */
  discovery?: OAuthDiscoveryState;
  /** The loopback port the registered redirect URI names, reused so the registration stays valid. */
  redirectPort?: number;
}

/**
 * Where sign-ins are kept, one record per server id. Two implementations: files of mode 0600
 * (`FileOAuthStore`) and files encrypted with a cipher such as Electron's safeStorage
 * (`EncryptedOAuthStore`).
 */
export interface OAuthStore {
  /** The record of `serverId`, or undefined when there is none or it cannot be read. */
  load(serverId: string): SavedServerAuth | undefined;
  /** Replaces the record of `serverId`. Throws when it cannot be written. */
  save(serverId: string, value: SavedServerAuth): void;
  /** Forgets `serverId`; true when there was something to forget. */
  remove(serverId: string): boolean;
}
