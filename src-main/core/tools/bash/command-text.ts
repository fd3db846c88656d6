/**
 * Which characters a `bash` command may hold. The shell reads the command as data (see
 * command-input.ts), never through a terminal's line discipline, so a carriage return cannot
 * turn into Enter there; but a control character still means different things to different
 * readers — a terminal, bash, the classifier's parser, the window that shows the command — and
 * a command must mean one thing to all of them. So only tab and newline are allowed among the
 * C0 controls, and none of DEL, the C1 controls (U+0080–U+009F; U+009B is a terminal's CSI)
 * or unpaired UTF-16 surrogates (they cannot be written as UTF-8). The model can still produce
 * any byte it needs with `$'\r'`, `printf '\033'` and the like.
 */

/** Names the model will recognise, for the controls it most likely sent by accident. */
const NAMES: Record<number, string> = {
  0x00: 'NUL', 0x03: 'Ctrl-C (ETX)', 0x04: 'Ctrl-D (EOT)', 0x07: 'BEL', 0x08: 'backspace', 0x0b: 'vertical tab', 0x0c: 'form feed',
  0x0d: 'carriage return (\\r)', 0x11: 'Ctrl-Q (XON)', 0x13: 'Ctrl-S (XOFF)', 0x15: 'Ctrl-U (NAK)', 0x16: 'Ctrl-V (SYN)',
  0x1a: 'Ctrl-Z (SUB)', 0x1b: 'escape (ESC)', 0x1c: 'Ctrl-\\ (FS)', 0x7f: 'DEL', 0x9b: 'CSI (U+009B)',
};

// Every character refused, found in one pass: C0 minus tab and newline, DEL and C1, and
// surrogates that are not part of a pair.
const REFUSED = /[\x00-\x08\x0b-\x1f\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** `{ ok: true }` when bash may be given `command`, else why not, written for the model. */
export function checkCommandText(command: string): { ok: true } | { ok: false; reason: string } {
  const m = REFUSED.exec(command);
  if (!m) return { ok: true };
  const code = m[0].charCodeAt(0);
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const what = code >= 0xd800 && code <= 0xdfff ? `an unpaired UTF-16 surrogate (${hex})` : `the control character ${NAMES[code] ?? hex}${NAMES[code] ? ` (${hex})` : ''}`;
  const line = command.slice(0, m.index).split('\n').length;
  return {
    ok: false,
    reason:
      `the command was not run: it contains ${what} at line ${line}, character ${m.index + 1}. Commands may hold tab and newline but no other control character ` +
      "(a terminal or the shell could read them differently from what was checked). Write the character with a shell escape instead, e.g. $'\\r', $'\\e' or printf '\\033', and use \\n line ends.",
  };
}
