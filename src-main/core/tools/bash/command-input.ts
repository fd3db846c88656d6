import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { shellQuote, TAKE_COMMAND_KEY } from './shell-integration';

/**
 * Commands longer than this are sourced from their file instead of becoming the input line:
 * readline redraws a long line slowly, sourcing keeps the same semantics (cd, variables,
 * functions, exit) at file speed.
 */
const LARGE_COMMAND_CHARS = 16 * 1024;

/**
 * How one agent command reaches the shell: as data, never through the terminal. The command is
 * written to a file in `dir` (a folder the sandbox shows read-only); what is typed into the pty
 * is only the nonce, the file's random name (hex), the key bound to `__gb_take` and Enter. The
 * handler reads the file into the input line (`read -r -d ''`: byte for byte), so bash parses
 * exactly the text the classifier parsed — a carriage return or Ctrl-C in it is never a key
 * press. {@link cleanup} removes the files.
 */
export class CommandInput {
  private readonly files: string[] = [];
  /** The keystrokes to write to the pty (hex, `:`, the bound key, Enter). */
  readonly keys: string;

  constructor(command: string, nonce: string, clearLine: boolean, dir: string) {
    const id = randomBytes(8).toString('hex');
    let line = command;
    if (command.length > LARGE_COMMAND_CHARS) {
      const script = this.write(join(dir, `${id}.sh`), command.endsWith('\n') ? command : `${command}\n`);
      line = `. ${shellQuote(script)}`;
    }
    this.write(join(dir, id), line);
    // Ctrl-E Ctrl-U first when the user left half a line in the terminal.
    this.keys = `${clearLine ? '\x05\x15' : ''}${nonce}:${id}${TAKE_COMMAND_KEY}\r`;
  }

  /** Removes the command's files. */
  cleanup(): void {
    for (const f of this.files.splice(0)) rmSync(f, { force: true });
  }

  private write(file: string, text: string): string {
    writeFileSync(file, text, { mode: 0o600 });
    this.files.push(file);
    return file;
  }
}
