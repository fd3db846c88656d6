import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from './system-prompt';

describe('buildSystemPrompt', () => {
  const ctx = { workspace: '/home/u/proj', platform: 'linux (x64)', date: new Date('2026-03-04T10:00:00Z') };

  it('names the workspace, the date and the platform by default', () => {
    const p = buildSystemPrompt(ctx);
    expect(p).toContain('/home/u/proj');
    expect(p).toContain('2026-03-04');
    expect(p).toContain('linux (x64)');
    expect(p).toContain('terminate');
  });

  it('an override replaces it, with placeholders filled in', () => {
    expect(buildSystemPrompt(ctx, 'You work in {workspace} on {date} ({platform}).')).toBe('You work in /home/u/proj on 2026-03-04 (linux (x64)).');
  });
});
