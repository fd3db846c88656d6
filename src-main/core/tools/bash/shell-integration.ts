/**
 * Shell integration for the agent's bash, in the style of VS Code's shellIntegration-bash.sh:
 * the shell itself reports where each command's output starts and ends with OSC 633
 * escape sequences, so Glassbox never polls and never prints a visible sentinel.
 *
 * Per command, Glassbox writes the command to a file and types `<nonce>:<file id>` followed by
 * {@link TAKE_COMMAND_KEY}: a `bind -x` handler moves the nonce into `__gb_n` and replaces the
 * input line with the file's content, byte for byte (the screen never keeps the nonce); then
 * Glassbox presses Enter. The command itself never passes through the terminal, whose line
 * discipline and readline would act on control characters in it (see command-input.ts).
 * Bash then emits:
 *   - `ESC ] 633 ; C ; <nonce> BEL` from PS0, after reading the command, before running it;
 *   - `ESC ] 633 ; D ; <exit code> ; <nonce> BEL` from PROMPT_COMMAND, when it finished;
 *   - `ESC ] 633 ; A BEL` / `ESC ] 633 ; B BEL` around the prompt (for terminals);
 *   - `ESC ] 633 ; P ; GbState` … `BEL` before the end marker: the working directory, alias and
 *     function names (see {@link parseStateReport}); builtins only, so no process is forked;
 *   - `ESC ] 633 ; X ; <shell nonce> BEL` from its EXIT trap, when the shell itself is ending
 *     (`exit`, `set -e`): it then waits (at most 2 s) for one key, which Glassbox types once it
 *     has read the marker. So everything the shell printed is read before it exits: node-pty
 *     throws away what it has not read 200 ms after the exit (a loaded machine lost `bye` of
 *     `echo bye; exit 7`).
 * A command's output cannot fake the end marker without knowing the per-command nonce,
 * which lives in an unexported shell variable.
 */

/** `s` as one single-quoted shell word. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The key sequence bound (bind -x) to "take the typed nonce and load the command". No real key sends it. */
export const TAKE_COMMAND_KEY = '\x1b[5151~';
/** Readline leaves bracketed-paste mode right after accepting a line: output follows. */
export const PASTE_MODE_OFF = '\x1b[?2004l';

/** Marks the start of a command's output. */
export function outputStartMarker(nonce: string): string {
  return `\x1b]633;C;${nonce}\x07`;
}

/** Matches the end-of-command marker for `nonce`; group 1 is the exit code. */
export function commandEndPattern(nonce: string): RegExp {
  return new RegExp(`\\x1b\\]633;D;(\\d*);${nonce}\\x07`);
}

/** What the shell prints as it ends, before it waits for {@link EXIT_ACK_KEY}. */
export function shellExitMarker(shellNonce: string): string {
  return `\x1b]633;X;${shellNonce}\x07`;
}

/** The key typed to let an ending shell go: Ctrl-F, nothing more than a cursor move should it reach readline. */
export const EXIT_ACK_KEY = '\x06';

/** Starts the state report bash prints at each prompt. */
export const STATE_REPORT_START = '\x1b]633;P;GbState';

/** What the shell carries from one command to the next, as it reported at its last prompt. */
export interface ShellState {
  /** `$PWD` (as bash reports it; the approval policy treats it as a hint, the sandbox confines). */
  cwd?: string;
  /** Names of aliases defined in the shell. */
  aliases: string[];
  /** Names of functions defined in the shell (Glassbox's own left out). */
  functions: string[];
}

/**
 * Parses a state report (without its BEL): lines `\n<PWD>\n--a\n<aliases>\n--f\n<functions>`.
 * xterm.js ignores the line feeds inside an OSC, so terminals show nothing of it.
 */
export function parseStateReport(text: string): ShellState | undefined {
  if (!text.startsWith(STATE_REPORT_START)) return undefined;
  // The terminal turns each \n into \r\n.
  const body = text.slice(STATE_REPORT_START.length).replace(/\r\n/g, '\n');
  const a = body.indexOf('\n--a\n');
  const f = body.indexOf('\n--f\n');
  if (a < 0 || f < a) return undefined;
  const lines = (s: string): string[] => s.split('\n').map((l) => l.trim()).filter(Boolean);
  return {
    cwd: body.slice(0, a).replace(/^\n/, '') || undefined,
    aliases: lines(body.slice(a + 4, f)),
    functions: lines(body.slice(f + 4)).filter((n) => !n.startsWith('__gb_')),
  };
}

/** Any OSC 633 sequence (removed from captured output). */
export const ANY_633 = /\x1b\]633;[^\x07]*\x07/g;

/**
 * The script bash evaluates before its first prompt. `readyNonce` is reported by the first
 * end marker, which tells Glassbox the shell is ready.
 */
export function shellIntegrationScript(readyNonce: string, commandDir: string): string {
  return [
    // PROMPT_COMMAND came from the environment to run this script: make it a plain variable.
    'export -n PROMPT_COMMAND',
    'unset GLASSBOX_BASH_INIT HISTFILE',
    // `!` in commands is literal, as in a script.
    'set +H',
    "bind 'set enable-bracketed-paste on' 2>/dev/null",
    // Pasted text is not highlighted: readline would redraw it on Enter, and where the line
    // wrapped (a narrow pane) the redraw lands on the next row, so the command shows twice.
    "bind 'set enable-active-region off' 2>/dev/null",
    "bind 'set bell-style none' 2>/dev/null",
    `__gb_n=${readyNonce}`,
    // Report the status and give it back, so `$?` in the next command still sees it.
    // The state report first (cwd, alias and function names), then the end marker.
    "__gb_precmd() { local s=$?; builtin printf '\\e]633;P;GbState\\n%s\\n--a\\n' \"$PWD\"; builtin compgen -a; builtin printf -- '--f\\n'; builtin compgen -A function; builtin printf '\\a\\e]633;D;%s;%s\\a' \"$s\" \"$__gb_n\"; return $s; }",
    `__gb_cmds=${shellQuote(commandDir)}`,
    // The typed line is `<nonce>:<file id>` (hex only); the command comes from the file as data.
    // A file that cannot be read runs a command that says so and fails, not an empty line.
    "__gb_take() { local f=${READLINE_LINE#*:}; __gb_n=${READLINE_LINE%%:*}; READLINE_LINE=; if [[ $f =~ ^[0-9a-f]+$ ]] && IFS= builtin read -r -d '' READLINE_LINE < \"$__gb_cmds/$f\" || [[ -n $READLINE_LINE ]]; then :; else READLINE_LINE=\"builtin echo 'glassbox: the command could not be read' >&2; false\"; fi; READLINE_POINT=${#READLINE_LINE}; }",
    `bind -x '"\\e[5151~": __gb_take'`,
    // Ending, the shell says so and waits for Glassbox to have read all it printed (one key, at
    // most 2 s; the exit status stays the one it ends with).
    `__gb_x=${readyNonce}`,
    "trap 'builtin printf \"\\e]633;X;%s\\a\" \"$__gb_x\" 2>/dev/null && builtin read -r -s -n 1 -t 2 2>/dev/null' EXIT",
    "PS0='\\e]633;C;${__gb_n}\\a'",
    "PS1='\\[\\e]633;A\\a\\]\\w\\$ \\[\\e]633;B\\a\\]'",
    'PROMPT_COMMAND=__gb_precmd',
    // This script runs as the first PROMPT_COMMAND: report ready now.
    '__gb_precmd',
  ].join('\n');
}

/** The shell's environment: `base` plus the terminal type, pagers off and the integration script. */
export function shellEnvironment(base: NodeJS.ProcessEnv, readyNonce: string, commandDir: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined) env[k] = v;
  return Object.assign(env, {
    TERM: 'xterm-256color',
    // Pagers would wait for a key press the agent never sends.
    PAGER: 'cat',
    GIT_PAGER: 'cat',
    MANPAGER: 'cat',
    SYSTEMD_PAGER: '',
    PROMPT_COMMAND: 'eval "$GLASSBOX_BASH_INIT"',
    GLASSBOX_BASH_INIT: shellIntegrationScript(readyNonce, commandDir),
  });
}
