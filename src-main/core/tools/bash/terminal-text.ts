import { createRequire } from 'node:module';
import type { Terminal as HeadlessTerminal, ITerminalInitOnlyOptions, ITerminalOptions } from '@xterm/headless';

// @xterm/headless is a CommonJS bundle whose named exports Node's ESM loader cannot see.
// Loaded on first emulation, not at import: it costs ~0.1 s of CPU that CLI starts never need.
const requireHere = createRequire(import.meta.url);
type TerminalClass = new (opts: ITerminalOptions & ITerminalInitOnlyOptions) => HeadlessTerminal;
let terminalClass: TerminalClass | undefined;
function headlessTerminal(): TerminalClass {
  terminalClass ??= (requireHere('@xterm/headless') as { Terminal: TerminalClass }).Terminal;
  return terminalClass;
}

// Control characters that change what the screen shows beyond plain lines (a `\r` at the
// very end is half of a `\r\n` cut at a chunk boundary).
const NEEDS_EMULATION = /[\x1b\x08\t\x00-\x07\x0b-\x0c\x0e-\x1f]|\r(?!\n|$)/;
/**
 * Above this size the emulator is too slow (its scrollback copies lines as it scrolls):
 * a line-based approximation handles `\r`, backspace and escape sequences instead.
 */
const EMULATION_LIMIT = 256 * 1024;
// CSI, OSC (BEL or ST terminated) and other two-character escape sequences.
const ESCAPE_SEQUENCE = /\x1b\[[0-9;?<=>!]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|\x1b[()#][0-9A-Za-z]/g;

/**
 * Renders raw terminal output as the screen would show it: `\r` progress bars keep only
 * their last state, colours and cursor moves are applied, lines wrapped by the terminal are
 * joined again, trailing blanks dropped. Plain text skips the emulator (fast path).
 */
export async function renderTerminalText(raw: string, cols: number): Promise<string> {
  if (!NEEDS_EMULATION.test(raw)) return trimLines(raw.replace(/\r\n/g, '\n').replace(/\r$/, ''));
  if (raw.length > EMULATION_LIMIT) return renderLines(raw);
  const lines = (raw.match(/\n/g)?.length ?? 0) + 1;
  const Terminal = headlessTerminal();
  const term = new Terminal({ cols: Math.max(20, cols), rows: 24, scrollback: lines + 24, allowProposedApi: true });
  try {
    await new Promise<void>((resolve) => term.write(raw, resolve));
    const buf = term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < buf.length; i++) {
      const line = buf.getLine(i);
      if (!line) continue;
      const text = line.translateToString(true);
      if (line.isWrapped && out.length) out[out.length - 1] += text;
      else out.push(text);
    }
    return trimLines(out.join('\n'));
  } finally {
    term.dispose();
  }
}

/** The fast approximation: escapes dropped, `\r` overwrites from column 0, `\b` erases. */
export function renderLines(raw: string): string {
  const text = raw.replace(ESCAPE_SEQUENCE, '').replace(/\t/g, '        ');
  const out = text.split('\n').map((line) => {
    const l = line.endsWith('\r') ? line.slice(0, -1) : line;
    let screen = '';
    for (const segment of l.split('\r')) {
      let seg = '';
      for (const ch of segment) {
        if (ch === '\b') seg = seg.slice(0, -1);
        else if (ch >= ' ' || ch > '\x7f') seg += ch;
      }
      screen = seg + screen.slice(seg.length);
    }
    return screen;
  });
  return trimLines(out.join('\n'));
}

function trimLines(text: string): string {
  return text.replace(/[ \t]+$/gm, '').replace(/\n+$/, '');
}
