import { z } from 'zod';
import { type GlassboxConfig } from '../../config/config';
import { ConfigError } from '../../config/config-error';
import { configIssues } from '../../config/schema';
import { OFFICIAL_REGISTRY } from './client';
import { Glob, GlobSchema } from '../../../../src-shared/text/glob';

/** The `mcp` config section: which registries to search and which servers may be installed. */
export const McpRegistryConfigSchema = z
  .object({
    /** Registry base URLs, searched in order (default: the official registry). */
    registries: z.array(z.url({ protocol: /^https?$/ })).min(1).optional(),
    /** Server name globs (`com.acme/*`, `*` for all; src-shared/text/glob.ts) that search shows and install accepts; unset: all. */
    allow: z.array(GlobSchema.pipe(z.string().min(1))).optional(),
  })
  .loose();

/** What search and install use. */
export interface RegistrySettings {
  registries: string[];
  /** True when the allowlist (config `mcp.allow`) admits the server name (always, without one). */
  allowed(name: string): boolean;
  /** The allowlist as written, when there is one. */
  allow?: string[];
}

/** The registry settings of a config. Throws ConfigError for a malformed `mcp` section (exit 2). */
export function registrySettings(config: GlassboxConfig): RegistrySettings {
  const parsed = McpRegistryConfigSchema.safeParse(config.mcp ?? {});
  if (!parsed.success) throw new ConfigError(configIssues(parsed.error.issues, config.mcp, ['mcp'])[0]!);
  const allow = parsed.data.allow;
  const globs = allow?.map((p) => new Glob(p));
  return {
    registries: parsed.data.registries ?? [OFFICIAL_REGISTRY],
    allowed: (name) => !globs || globs.some((g) => g.test(name)),
    ...(allow ? { allow } : {}),
  };
}
