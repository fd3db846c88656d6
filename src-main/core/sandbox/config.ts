import { isAbsolute } from 'node:path';

/** How much the OS sandbox lets `bash` and `python_execute` do (config `sandbox.mode`). */
export type SandboxMode = 'workspace-write' | 'read-only' | 'off';

/** The `sandbox` config section, as validated. */
export interface SandboxConfig {
  /** `workspace-write` (default): the workspace, `writableRoots` and the temp dir are writable. */
  mode: SandboxMode;
  /** Network access from inside the sandbox (default false). */
  network: boolean;
  /** More absolute folders writable in `workspace-write` mode. */
  writableRoots: string[];
}

/** The default: workspace-write, no network, nothing else writable. */
export const DEFAULT_SANDBOX_CONFIG: SandboxConfig = Object.freeze({ mode: 'workspace-write', network: false, writableRoots: [] }) as SandboxConfig;

const MODES: readonly SandboxMode[] = ['workspace-write', 'read-only', 'off'];

/**
 * Validates the raw `sandbox` section. A wrong value is an error naming the key and what is
 * allowed (the caller turns it into a ConfigError): a typo must never silently loosen or drop
 * the sandbox.
 */
export function parseSandboxConfig(raw: unknown): { ok: true; config: SandboxConfig } | { ok: false; reason: string } {
  if (raw === undefined || raw === null) return { ok: true, config: { ...DEFAULT_SANDBOX_CONFIG, writableRoots: [] } };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, reason: 'sandbox: must be an object like { "mode": "workspace-write", "network": false, "writableRoots": [] }' };
  const r = raw as Record<string, unknown>;
  for (const key of Object.keys(r)) {
    if (!['mode', 'network', 'writableRoots'].includes(key)) return { ok: false, reason: `sandbox.${key}: unknown key (known: mode, network, writableRoots)` };
  }
  const mode = r.mode ?? DEFAULT_SANDBOX_CONFIG.mode;
  if (typeof mode !== 'string' || !MODES.includes(mode as SandboxMode)) {
    return { ok: false, reason: `sandbox.mode: ${JSON.stringify(mode)} is not one of ${MODES.map((m) => `"${m}"`).join(', ')}` };
  }
  const network = r.network ?? false;
  if (typeof network !== 'boolean') return { ok: false, reason: `sandbox.network: must be true or false, not ${JSON.stringify(network)}` };
  const roots = r.writableRoots ?? [];
  if (!Array.isArray(roots)) return { ok: false, reason: 'sandbox.writableRoots: must be a list of absolute paths' };
  for (const [i, p] of roots.entries()) {
    if (typeof p !== 'string' || !isAbsolute(p)) return { ok: false, reason: `sandbox.writableRoots[${i}]: ${JSON.stringify(p)} is not an absolute path` };
  }
  return { ok: true, config: { mode: mode as SandboxMode, network, writableRoots: roots as string[] } };
}
