import type { McpServerConfig } from '../../config/config';

/** The MCP revision of the stateless era: `server/discover`, per-request `_meta`, input rounds. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
/** The newest revision of the `initialize` era. */
export const LEGACY_PROTOCOL_VERSION = '2025-11-25';

/** What config `protocolVersion` may say: `auto` (the default) asks the server. */
export type McpProtocolSetting = 'auto' | typeof MODERN_PROTOCOL_VERSION | typeof LEGACY_PROTOCOL_VERSION;

const SETTINGS: readonly string[] = ['auto', MODERN_PROTOCOL_VERSION, LEGACY_PROTOCOL_VERSION];

/** The server's `protocolVersion` setting, or an error naming the allowed values. */
export function protocolSetting(config: McpServerConfig): { ok: true; setting: McpProtocolSetting } | { ok: false; reason: string } {
  const v = config.protocolVersion ?? 'auto';
  if (typeof v === 'string' && SETTINGS.includes(v)) return { ok: true, setting: v as McpProtocolSetting };
  return { ok: false, reason: `protocolVersion must be "auto", "${MODERN_PROTOCOL_VERSION}" or "${LEGACY_PROTOCOL_VERSION}", not ${JSON.stringify(v)}` };
}

/**
 * The SDK's version negotiation for a setting. `auto` probes with `server/discover` and falls
 * back to `initialize` (on stdio the SDK probes on a short-lived sibling process, so the
 * server's own connection — and its traffic log — never carries the probe); a pinned revision
 * never falls back.
 */
export function negotiationFor(setting: McpProtocolSetting, probeTimeoutMs: number): {
  versionNegotiation?: { mode: 'auto' | 'legacy' | { pin: string }; probe?: { timeoutMs: number } };
} {
  if (setting === LEGACY_PROTOCOL_VERSION) return { versionNegotiation: { mode: 'legacy' } };
  if (setting === MODERN_PROTOCOL_VERSION) return { versionNegotiation: { mode: { pin: MODERN_PROTOCOL_VERSION }, probe: { timeoutMs: probeTimeoutMs } } };
  return { versionNegotiation: { mode: 'auto', probe: { timeoutMs: probeTimeoutMs } } };
}
