import { describe, expect, it, vi } from 'vitest';
import { REDACTED, SecretRedactor } from '../../core/secrets/redactor';
import { TERMINAL_HOLD_MS, TerminalService, type ShellPort } from './terminal-service';

// TerminalService's redaction of pty output, driven by an in-memory shell so reads can be split
// exactly where a real pty might split them (the real pty path is in e2e/ui/window-secrets.test.ts).

const KEY = 'sk-term-0123456789';

/** A shell whose output the test writes, with a fixed scrollback. */
function fakeShell(recent: string): ShellPort & { emit(data: string): void } {
  const listeners = new Set<(d: string) => void>();
  return {
    onData: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    emit: (d) => listeners.forEach((l) => l(d)),
    write: () => undefined,
    resize: () => undefined,
    busy: false,
    onBusyChange: () => () => undefined,
    recentOutput: () => recent,
  };
}

function hostWith(redactor: SecretRedactor | undefined, shell: ShellPort): { host: TerminalService; shown: string[] } {
  const shown: string[] = [];
  const host = new TerminalService(() => shell, { data: (d) => shown.push(d), state: () => undefined }, redactor);
  return { host, shown };
}

describe('TerminalService with the session’s secrets', () => {
  it('hides a key split across two pty reads at every position, and the scrollback', async () => {
    const out = `key=${KEY}\r\n$ `;
    for (let i = 0; i <= out.length; i++) {
      const shell = fakeShell(`old: ${KEY}\r\n`);
      const { host, shown } = hostWith(new SecretRedactor([KEY]), shell);
      const attached = await host.attach();
      expect(attached.recent).toBe(`old: ${REDACTED}\r\n`);
      shell.emit(out.slice(0, i));
      shell.emit(out.slice(i));
      host.dispose();
      expect(shown.join(''), `split at ${i}`).toBe(`key=${REDACTED}\r\n$ `);
      for (const d of shown) expect(d).not.toContain(KEY.slice(0, 4));
    }
  });

  it('lets a held character go after a short quiet time (typing is not kept from the pane)', async () => {
    const shell = fakeShell('');
    const { host, shown } = hostWith(new SecretRedactor([KEY]), shell);
    await host.attach();
    shell.emit('$ echo s'); // the user typed "s": it could begin the key
    expect(shown.join('')).toBe('$ echo ');
    await vi.waitFor(() => expect(shown.join('')).toBe('$ echo s'), { timeout: 10_000, interval: TERMINAL_HOLD_MS });
    host.dispose();
  });

  it('passes output through untouched without secrets', async () => {
    const shell = fakeShell(`recent ${KEY}`);
    const { host, shown } = hostWith(new SecretRedactor([]), shell);
    expect((await host.attach()).recent).toBe(`recent ${KEY}`);
    shell.emit('sk-');
    expect(shown).toEqual(['sk-']);
    host.dispose();
  });
});
