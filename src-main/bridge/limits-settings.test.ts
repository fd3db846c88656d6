import { describe, expect, it } from 'vitest';
import { applyLimitsPatch, checkLimitsPatch, limitsSettingsView } from './limits-settings';

describe('spend limits in Settings', () => {
  it.each([
    [{ sessionUsd: 2 }, true],
    [{ sessionUsd: null, dailyUsd: 10, warnAt: 0.5 }, true],
    [{ warnAt: 1 }, true],
    [{ sessionUsd: 0 }, false],
    [{ sessionUsd: -1 }, false],
    [{ dailyUsd: Number.POSITIVE_INFINITY }, false],
    [{ dailyUsd: '5' }, false],
    [{ warnAt: 0 }, false],
    [{ warnAt: 1.5 }, false],
    [{ monthlyUsd: 5 }, false],
    [null, false],
    [[], false],
  ])('checks %j → %s', (patch, ok) => {
    expect(checkLimitsPatch(patch).ok).toBe(ok);
  });

  it('says which field is wrong, in words', () => {
    expect(checkLimitsPatch({ dailyUsd: 0 })).toEqual({ ok: false, reason: 'Per day must be an amount in US dollars above 0 (or empty for no limit).' });
    expect(checkLimitsPatch({ warnAt: 2 })).toEqual({ ok: false, reason: 'Warn at must be a share above 0 and at most 1 (e.g. 0.8 for 80%).' });
  });

  it('sets, keeps and removes limits, leaving the rest of the config alone', () => {
    const config = { approvals: { mode: 'ask' as const }, limits: { dailyUsd: 5 } };
    const set = applyLimitsPatch(config, { sessionUsd: 0.5, warnAt: 0.9 });
    expect(set).toEqual({ approvals: { mode: 'ask' }, limits: { dailyUsd: 5, sessionUsd: 0.5, warnAt: 0.9 } });
    expect(limitsSettingsView(set)).toEqual({ sessionUsd: 0.5, dailyUsd: 5, warnAt: 0.9 });
    // null removes a limit; the default warning share is not written; an empty section goes.
    expect(applyLimitsPatch(set, { sessionUsd: null, dailyUsd: null, warnAt: 0.8 })).toEqual({ approvals: { mode: 'ask' } });
    expect(limitsSettingsView({})).toEqual({ sessionUsd: null, dailyUsd: null, warnAt: 0.8 });
  });
});
