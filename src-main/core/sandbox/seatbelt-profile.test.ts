import { describe, expect, it } from 'vitest';
import type { SandboxLayout } from './layout';
import { seatbeltArgs, seatbeltProfile } from './seatbelt-profile';

// sandbox-exec cannot run here (macOS only): the generated profile text is what is tested.
const layout: SandboxLayout = {
  mode: 'workspace-write',
  network: false,
  workspace: '/Users/u/ws',
  writable: ['/Users/u/ws', '/private/var/folders/x/T'],
  protectedPaths: [
    { path: '/Users/u/ws/.glassbox', kind: 'absent' },
    { path: '/Users/u/ws/.git/config', kind: 'file' },
  ],
  pinned: [],
  hidden: [
    { path: '/Users/u/.ssh', kind: 'dir' },
    { path: '/Users/u/.netrc', kind: 'file' },
  ],
};

describe('seatbeltProfile', () => {
  it('denies by default and allows exactly: reads minus hidden, writes below writable minus protected', () => {
    const { profile, params } = seatbeltProfile(layout);
    expect(profile.split('\n').slice(0, 2)).toEqual(['(version 1)', '(deny default)']);
    expect(profile).toContain(
      '(allow file-read* (require-all (subpath "/") (require-not (require-any (subpath (param "HIDDEN_0")) (literal (param "HIDDEN_1"))))))',
    );
    expect(profile).toContain(
      '(allow file-write* (require-all (require-any (subpath (param "WRITABLE_0")) (subpath (param "WRITABLE_1"))) (require-not (require-any (subpath (param "PROTECTED_0")) (literal (param "PROTECTED_1"))))))',
    );
    expect(params).toEqual({
      HIDDEN_0: '/Users/u/.ssh',
      HIDDEN_1: '/Users/u/.netrc',
      WRITABLE_0: '/Users/u/ws',
      WRITABLE_1: '/private/var/folders/x/T',
      PROTECTED_0: '/Users/u/ws/.glassbox',
      PROTECTED_1: '/Users/u/ws/.git/config',
    });
    expect(profile).toContain('(allow signal (target same-sandbox))');
    expect(profile).not.toMatch(/\(allow network\*\)/);
    expect(profile).toContain('(allow network* (local unix))');
  });

  it('a pinned folder itself (not its contents) cannot be written: .git cannot be renamed away', () => {
    const { profile, params } = seatbeltProfile({ ...layout, pinned: ['/Users/u/ws/.git'] });
    expect(profile).toContain('(literal (param "PINNED_0"))');
    expect(params.PINNED_0).toBe('/Users/u/ws/.git');
  });

  it('allows the network only when asked', () => {
    expect(seatbeltProfile({ ...layout, network: true }).profile).toContain('(allow network*)');
  });

  it('read-only mode has no write rule beyond the terminal and /dev/null', () => {
    const { profile } = seatbeltProfile({ ...layout, mode: 'read-only', writable: [], protectedPaths: [] });
    const writes = profile.split('\n').filter((l) => l.includes('file-write'));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^\(allow file-write\* \(literal "\/dev\/null"\)/);
  });

  it('never splices a path into the profile: quotes and parentheses in names stay data', () => {
    const evil = '/Users/u/ws") (allow default) ("';
    const { profile, params } = seatbeltProfile({ ...layout, workspace: evil, writable: [evil], protectedPaths: [] });
    expect(profile).not.toContain('allow default');
    expect(params.WRITABLE_0).toBe(evil);
    const args = seatbeltArgs(seatbeltProfile({ ...layout, writable: [evil], protectedPaths: [] }));
    expect(args[0]).toBe('-p');
    expect(args).toContain(`-DWRITABLE_0=${evil}`);
  });
});
