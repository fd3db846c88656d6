import { describe, expect, it } from 'vitest';
import { formatTimeLeft, taskExpiry } from './time';

describe('task time to live', () => {
  it('counts from the server creation time, else from when Glassbox saw the task', () => {
    const task = { server: 's', taskId: 't', status: 'working' as const, ttl: 60_000 };
    expect(taskExpiry({ ...task, createdAt: '2026-01-01T00:00:00.000Z' }, 5)).toBe(Date.parse('2026-01-01T00:00:00.000Z') + 60_000);
    expect(taskExpiry({ ...task, createdAt: 'not a date' }, 1000)).toBe(61_000);
    expect(taskExpiry({ ...task, ttl: null }, 1000)).toBeNull();
    expect(taskExpiry({ server: 's', taskId: 't', status: 'working' }, 1000)).toBeUndefined();
  });

  it('says the time left in words', () => {
    expect(formatTimeLeft(-1)).toBe('expired');
    expect(formatTimeLeft(12_400)).toBe('12 s');
    expect(formatTimeLeft(245_000)).toBe('4 m 05 s');
    expect(formatTimeLeft(3_720_000)).toBe('1 h 02 m');
  });
});
