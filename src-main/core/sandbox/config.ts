import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { issueLines } from '../../../src-shared/text/schema-issues';

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

const MODES = ['workspace-write', 'read-only', 'off'] as const satisfies readonly SandboxMode[];

/**
 * The `sandbox` section's schema: strict (a misspelt key must not leave the sandbox looser than
 * written), every key optional with the defaults above.
 */
export const SandboxSectionSchema = z.strictObject({
  mode: z.enum(MODES).default(DEFAULT_SANDBOX_CONFIG.mode),
  network: z.boolean().default(false),
  writableRoots: z.array(z.string().refine((p) => isAbsolute(p), { message: 'must be an absolute path' })).default([]),
});

/**
 * Validates the raw `sandbox` section. A wrong value is an error naming the key and what is
 * allowed, never quoting a value (the caller turns it into a ConfigError): a typo must never
 * silently loosen or drop the sandbox.
 */
export function parseSandboxConfig(raw: unknown): { ok: true; config: SandboxConfig } | { ok: false; reason: string } {
  if (raw === undefined || raw === null) return { ok: true, config: { ...DEFAULT_SANDBOX_CONFIG, writableRoots: [] } };
  const parsed = SandboxSectionSchema.safeParse(raw);
  if (parsed.success) return { ok: true, config: parsed.data };
  const known = Object.keys(SandboxSectionSchema.shape);
  return { ok: false, reason: issueLines(parsed.error.issues, raw, { prefix: ['sandbox'], knownKeys: (path) => (path.length === 1 ? known : undefined) }).join('; ') };
}
