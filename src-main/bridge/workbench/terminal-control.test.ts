import { describe, expect, it } from 'vitest';
import { TERMINAL_REASONS, TerminalControl } from './terminal-control';

function setup() {
  const written: string[] = [];
  const states: string[] = [];
  const c = new TerminalControl((d) => written.push(d));
  c.onChange((s) => states.push(`${s.owner}/${s.busy ? 'busy' : 'idle'}/${s.held}`));
  c.setAlive(true);
  return { c, written, states };
}

describe('TerminalControl', () => {
  it('refuses typing until the user takes over', () => {
    const { c, written } = setup();
    expect(c.input('ls\r')).toMatchObject({ ok: false, reason: TERMINAL_REASONS.notTakenOver });
    expect(written).toEqual([]);
    expect(c.takeOver().ok).toBe(true);
    expect(c.input('ls\r').ok).toBe(true);
    expect(written).toEqual(['ls\r']);
  });

  it('refuses take-over while the agent runs a command, allows it after', () => {
    const { c } = setup();
    c.setBusy(true);
    expect(c.takeOver()).toMatchObject({ ok: false, reason: TERMINAL_REASONS.busyTakeOver, state: { owner: 'agent', busy: true } });
    c.setBusy(false);
    expect(c.takeOver()).toMatchObject({ ok: true, state: { owner: 'user' } });
  });

  it('holds typing while a command runs and flushes it when the command ends', () => {
    const { c, written, states } = setup();
    c.takeOver();
    c.setBusy(true);
    expect(c.input('echo ')).toMatchObject({ ok: false, reason: TERMINAL_REASONS.held, state: { held: 5 } });
    c.input('hi\r');
    expect(written).toEqual([]);
    c.setBusy(false);
    expect(written).toEqual(['echo hi\r']);
    expect(c.state.held).toBe(0);
    expect(states).toContain('user/busy/5');
    expect(states.at(-1)).toBe('user/idle/0');
  });

  it('drops held input when the user gives the terminal back', () => {
    const { c, written } = setup();
    c.takeOver();
    c.setBusy(true);
    c.input('rm x\r');
    expect(c.release().state).toMatchObject({ owner: 'agent', held: 0 });
    c.setBusy(false);
    expect(written).toEqual([]);
  });

  it('refuses input before the shell runs', () => {
    const c = new TerminalControl(() => {
      throw new Error('must not write');
    });
    c.takeOver();
    expect(c.input('x')).toMatchObject({ ok: false, reason: TERMINAL_REASONS.notStarted });
  });
});
