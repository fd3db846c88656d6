import { describe, expect, it } from 'vitest';
import { addNotice, callFailedNotice, clearModelNotices, noticesFor } from './notices';

describe('notices', () => {
  it('the same problem twice shows once, the newer one last', () => {
    let list = addNotice([], { level: 'warn', code: 'NO_MODEL', message: 'first' }, 1);
    list = addNotice(list, { level: 'error', code: 'OTHER', message: 'other' }, 2);
    list = addNotice(list, { level: 'warn', code: 'NO_MODEL', message: 'again' }, 3);
    expect(list.map((n) => [n.code, n.message, n.id])).toEqual([
      ['OTHER', 'other', 2],
      ['NO_MODEL', 'again', 3],
    ]);
  });

  it('a failed call says what failed; a busy host is one banner; a dropped link says what to do', () => {
    expect(callFailedNotice('Send', new Error('boom'))).toEqual({ level: 'error', code: 'CALL_FAILED:Send', message: 'Send: boom' });
    expect(callFailedNotice('Send', { code: 'BUSY', message: 'a run is going' }).code).toBe('BUSY');
    expect(callFailedNotice('Open session', { code: 'CLOSED', message: 'closed' }).hint).toMatch(/restart it and reload/);
    expect(callFailedNotice('Export', 'plain text').message).toBe('Export: plain text');
  });

  it('a model problem belongs to its session: shown there only, and gone once a model request there succeeds', () => {
    let list = addNotice([], { level: 'error', code: 'MODEL_UNREACHABLE', message: 'unreachable' }, 1, 'a');
    list = addNotice(list, { level: 'warn', code: 'UNSANDBOXED', message: 'no sandbox' }, 2, 'a');
    expect(noticesFor(list, 'a').map((n) => n.code)).toEqual(['MODEL_UNREACHABLE', 'UNSANDBOXED']);
    // A new session shows the window-wide banner only.
    expect(noticesFor(list, 'b').map((n) => n.code)).toEqual(['UNSANDBOXED']);
    // The same problem in another session is its own banner.
    list = addNotice(list, { level: 'error', code: 'MODEL_UNREACHABLE', message: 'unreachable too' }, 3, 'b');
    expect(noticesFor(list, 'b').map((n) => n.message)).toEqual(['no sandbox', 'unreachable too']);
    // A good model response in a: its banner goes, b's stays.
    list = clearModelNotices(list, 'a');
    expect(noticesFor(list, 'a').map((n) => n.code)).toEqual(['UNSANDBOXED']);
    expect(noticesFor(list, 'b').map((n) => n.code)).toEqual(['UNSANDBOXED', 'MODEL_UNREACHABLE']);
  });
});
