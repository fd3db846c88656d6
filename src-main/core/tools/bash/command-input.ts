import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PASTE_END, PASTE_START, TAKE_NONCE_KEY } from './shell-integration';

/**
 * Commands longer than this are written to a temp file and sourced: readline redraws
 * pasted text as it goes (about 25 ms per KB), sourcing keeps the same semantics
 * (cd, variables, functions, exit) at file speed.
 */
const LARGE_COMMAND_CHARS = 16 * 1024;

/**
 * What Glassbox types into the shell for one agent command: the nonce and the key that takes
 * it, then the command as a bracketed paste and Enter. A long command goes through a private
 * temp file; {@link cleanup} removes it.
 */
export class CommandInput {
  private scriptFile: string | undefined;
  /** The keystrokes to write to the pty. */
  readonly keys: string;

  constructor(command: string, nonce: string, clearLine: boolean) {
    let typed = sanitizeCommand(command);
    if (typed.length > LARGE_COMMAND_CHARS) {
      this.scriptFile = writeCommandFile(typed);
      typed = `. '${this.scriptFile}'`;
    }
    // Ctrl-E Ctrl-U first when the user left half a line in the terminal.
    this.keys = `${clearLine ? '\x05\x15' : ''}${nonce}${TAKE_NONCE_KEY}${PASTE_START}${typed}${PASTE_END}\r`;
  }

  /** Removes the temp file of a long command. */
  cleanup(): void {
    if (this.scriptFile) rmSync(dirname(this.scriptFile), { recursive: true, force: true });
    this.scriptFile = undefined;
  }
}

/** Bracketed-paste text must not end the paste early; line ends become `\n`. */
function sanitizeCommand(command: string): string {
  return command.replace(/\x1b\[20[01]~/g, '').replace(/\r\n?/g, '\n').replace(/\s+$/, '');
}

/** Writes a long command to a private temp file (0600 in a 0700 folder) for `.` to run. */
function writeCommandFile(command: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'glassbox-cmd-'));
  const file = join(dir, 'command.sh');
  writeFileSync(file, command + '\n', { mode: 0o600 });
  return file;
}
