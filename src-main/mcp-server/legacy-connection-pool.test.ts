import { describe, expect, it } from 'vitest';
import { LegacyConnectionPool } from './legacy-connection-pool';

function session(closed: string[], id: string) {
  return { close: async () => void closed.push(id) };
}

describe('LegacyConnectionPool', () => {
  it('closes sessions idle longer than idleMs, never one answering a request', async () => {
    let now = 0;
    const closed: string[] = [];
    const pool = new LegacyConnectionPool({ idleMs: 1000, maxSessions: 10, now: () => now });
    pool.add('a', session(closed, 'a'));
    pool.add('b', session(closed, 'b'));
    const done = pool.begin('b');
    now = 1500;
    await pool.sweep();
    expect(closed).toEqual(['a']);
    expect(pool.get('a')).toBeUndefined();
    done();
    now = 2000;
    await pool.sweep();
    expect(closed).toEqual(['a']); // b was seen when its request ended, at 1500
    now = 2600;
    await pool.sweep();
    expect(closed).toEqual(['a', 'b']);
  });

  it('a session idle past idleMs is closed when next asked for, before any sweep', async () => {
    let now = 0;
    const closed: string[] = [];
    const pool = new LegacyConnectionPool({ idleMs: 1000, maxSessions: 10, now: () => now });
    pool.add('a', session(closed, 'a'));
    pool.add('b', session(closed, 'b'));
    now = 900;
    expect(pool.get('b')).toBeDefined(); // seen at 900
    now = 1000;
    expect(pool.get('a')).toBeUndefined();
    expect(closed).toEqual(['a']);
    expect(pool.size).toBe(1);
    expect(pool.get('b')).toBeDefined();
  });

  it('at the cap, a new session pushes out the longest idle; when all are busy there is no room', async () => {
    let now = 0;
    const closed: string[] = [];
    const pool = new LegacyConnectionPool({ idleMs: 60_000, maxSessions: 2, now: () => now });
    pool.add('a', session(closed, 'a'));
    now = 10;
    pool.add('b', session(closed, 'b'));
    now = 20;
    pool.get('a'); // a is used again: b is now the longest idle
    expect(await pool.makeRoom()).toBe(true);
    expect(closed).toEqual(['b']);
    pool.add('c', session(closed, 'c'));
    pool.begin('a');
    pool.begin('c');
    expect(await pool.makeRoom()).toBe(false);
    expect(pool.size).toBe(2);
    await pool.close();
    expect(closed.sort()).toEqual(['a', 'b', 'c']);
  });
});
