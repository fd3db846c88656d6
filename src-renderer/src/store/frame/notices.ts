import type { Notice } from '../../../../src-shared/contract/views';
import type { ShownNotice } from './state';

/** Problems of a run's model requests: they belong to the session that met them and go once a model request there succeeds. */
export const MODEL_NOTICE_CODES: readonly string[] = ['MODEL_UNREACHABLE', 'BAD_API_KEY', 'NO_API_KEY', 'MODEL_NOT_FOUND', 'RATE_LIMITED', 'RUN_FAILED'];
/** Of those, the ones new Settings may fix (saving Settings clears them everywhere). */
export const SETTINGS_NOTICE_CODES: readonly string[] = ['MODEL_UNREACHABLE', 'BAD_API_KEY', 'NO_API_KEY', 'MODEL_NOT_FOUND', 'NO_MODEL'];

/**
 * Adds a notice; the same problem twice (same code, same session) shows once, the newer one.
 * A model problem is tied to `session` (the one shown when it came). Pure.
 */
export function addNotice(notices: readonly ShownNotice[], n: Notice, id: number, session?: string | null): ShownNotice[] {
  const own = MODEL_NOTICE_CODES.includes(n.code) && session ? session : undefined;
  return [...notices.filter((x) => !(x.code === n.code && x.session === own)), { ...n, id, ...(own ? { session: own } : {}) }];
}

/** The banners of the shown session: its own and those of no session. Pure. */
export function noticesFor(notices: readonly ShownNotice[], session: string | null | undefined): ShownNotice[] {
  return notices.filter((n) => !n.session || n.session === session);
}

/** Without the model problems of `session` (a model request there succeeded). Pure. */
export function clearModelNotices(notices: readonly ShownNotice[], session: string): ShownNotice[] {
  return notices.filter((n) => !(n.session === session && MODEL_NOTICE_CODES.includes(n.code)));
}

/** The banner for a failed bridge call: what failed and, for a dropped link, what to do. Pure. */
export function callFailedNotice(what: string, err: unknown): Notice {
  const e = err as { code?: string; message?: string } | null | undefined;
  return {
    level: 'error',
    code: e?.code === 'BUSY' ? 'BUSY' : `CALL_FAILED:${what}`,
    message: `${what}: ${e?.message ?? String(err)}`,
    ...(e?.code === 'CLOSED' ? { hint: 'Glassbox stopped or the connection dropped: restart it and reload this page.' } : {}),
  };
}
