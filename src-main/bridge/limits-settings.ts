import type { GlassboxConfig } from '../core/config/config';
import { LimitsSchema } from '../core/config/schema';
import { SpendLimitsPatchSchema, type SpendLimitsPatch, type SpendLimitsView } from '../../src-shared/contract/views';

/** The warning share when the config names none (docs/configuration.md). */
const DEFAULT_WARN_AT = 0.8;

const FIELD: Record<string, string> = { sessionUsd: 'Per session', dailyUsd: 'Per day', warnAt: 'Warn at' };

/** The window's view of the `limits` section (a malformed one shows as none: it is reported where sessions are built). */
export function limitsSettingsView(config: GlassboxConfig): SpendLimitsView {
  const parsed = LimitsSchema.safeParse(config.limits ?? {});
  const l = parsed.success ? parsed.data : {};
  return { sessionUsd: l.sessionUsd ?? null, dailyUsd: l.dailyUsd ?? null, warnAt: l.warnAt ?? DEFAULT_WARN_AT };
}

/** A limits patch checked by its schema (the one the bridge's edge parses `settings.set` with), the reason in words. Pure. */
export function checkLimitsPatch(p: unknown): { ok: true } | { ok: false; reason: string } {
  const parsed = SpendLimitsPatchSchema.safeParse(p);
  if (parsed.success) return { ok: true };
  const issue = parsed.error.issues[0]!;
  const key = String(issue.path[0] ?? '');
  if (issue.code === 'unrecognized_keys') return { ok: false, reason: `Unknown spend limit setting: ${issue.keys.join(', ')}` };
  if (key === 'warnAt') return { ok: false, reason: 'Warn at must be a share above 0 and at most 1 (e.g. 0.8 for 80%).' };
  return { ok: false, reason: `${FIELD[key] ?? 'A spend limit'} must be an amount in US dollars above 0 (or empty for no limit).` };
}

/** The config with a checked limits patch applied (null removes a limit; an empty section goes). */
export function applyLimitsPatch(config: GlassboxConfig, p: SpendLimitsPatch): GlassboxConfig {
  const next: Record<string, number> = { ...(config.limits ?? {}) } as Record<string, number>;
  for (const k of ['sessionUsd', 'dailyUsd'] as const) {
    const v = p[k];
    if (v === null) delete next[k];
    else if (v !== undefined) next[k] = v;
  }
  if (p.warnAt !== undefined) {
    if (p.warnAt === DEFAULT_WARN_AT) delete next.warnAt;
    else next.warnAt = p.warnAt;
  }
  const out: GlassboxConfig = { ...config };
  if (Object.keys(next).length) out.limits = next;
  else delete out.limits;
  return out;
}
