import type { SpendLimitsView } from '../../../../src-shared/contract/views';

/** The spend-limits part of the settings form, as typed (its draft lives in SettingsPanel). */
export interface LimitsDraft {
  /** US dollars as typed; '' for no limit. */
  sessionUsd: string;
  dailyUsd: string;
  /** Percent as typed (80 for 0.8). */
  warnPercent: string;
}

/** The form's text for the host's limits. */
export function limitsDraftOf(v: SpendLimitsView): LimitsDraft {
  return { sessionUsd: v.sessionUsd === null ? '' : String(v.sessionUsd), dailyUsd: v.dailyUsd === null ? '' : String(v.dailyUsd), warnPercent: String(Math.round(v.warnAt * 1000) / 10) };
}

/** The typed limits as a patch, or what is wrong with them (the host checks again). Pure. */
export function limitsFromDraft(d: LimitsDraft): { ok: true; limits: { sessionUsd: number | null; dailyUsd: number | null; warnAt: number } } | { ok: false; reason: string } {
  const usd = (text: string, name: string): number | null | string => {
    const t = text.trim().replace(/^\$/, '');
    if (!t) return null;
    const n = Number(t);
    return Number.isFinite(n) && n > 0 ? n : `${name} must be an amount in US dollars above 0, or empty for no limit.`;
  };
  const session = usd(d.sessionUsd, 'Per session');
  if (typeof session === 'string') return { ok: false, reason: session };
  const daily = usd(d.dailyUsd, 'Per day');
  if (typeof daily === 'string') return { ok: false, reason: daily };
  const pct = Number(d.warnPercent.trim().replace(/%$/, ''));
  if (!Number.isFinite(pct) || pct <= 0 || pct > 100) return { ok: false, reason: 'Warn at must be a percentage above 0 and at most 100.' };
  return { ok: true, limits: { sessionUsd: session, dailyUsd: daily, warnAt: pct / 100 } };
}

/**
 * Spend limits (config `limits`): per session and per day in US dollars, and the share at which
 * the header's meter warns. At a limit a run pauses before its next model request and asks.
 */
export function SpendLimitSettings({ draft, onChange }: { draft: LimitsDraft; onChange: (d: LimitsDraft) => void }) {
  return (
    <fieldset className="settings-limits" data-testid="settings-limits">
      <legend>Spend limits</legend>
      <p className="muted small">At a limit, a run pauses before the model request that would pass it and asks you for a new limit (or to stop). Empty: no limit.</p>
      <label className="form-field">
        <span>Per session (US$)</span>
        <input data-testid="settings-limit-session" inputMode="decimal" value={draft.sessionUsd} placeholder="no limit, e.g. 2.00" onChange={(e) => onChange({ ...draft, sessionUsd: e.target.value })} />
      </label>
      <label className="form-field">
        <span>Per day, all sessions (US$)</span>
        <input data-testid="settings-limit-daily" inputMode="decimal" value={draft.dailyUsd} placeholder="no limit, e.g. 10.00" onChange={(e) => onChange({ ...draft, dailyUsd: e.target.value })} />
      </label>
      <label className="form-field">
        <span>Warn at (% of a limit)</span>
        <input data-testid="settings-limit-warn" inputMode="decimal" value={draft.warnPercent} placeholder="80" onChange={(e) => onChange({ ...draft, warnPercent: e.target.value })} />
      </label>
    </fieldset>
  );
}
