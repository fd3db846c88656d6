import type { Notice } from '../../../../src-shared/contract/views';
import type { ShownNotice } from './state';

/** Adds a notice; the same problem twice (same code) shows once, the newer one. Pure. */
export function addNotice(notices: readonly ShownNotice[], n: Notice, id: number): ShownNotice[] {
  return [...notices.filter((x) => x.code !== n.code), { ...n, id }];
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
