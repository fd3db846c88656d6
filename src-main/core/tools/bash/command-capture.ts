import { commandEndPattern, outputStartMarker, PASTE_MODE_OFF } from './shell-integration';

/** Raw output kept per command: the first and the last this many characters. */
export const HEAD_CHARS = 512 * 1024;
export const TAIL_CHARS = 512 * 1024;

/**
 * The output of one agent command, cut out of the pty stream by its nonce's markers: the output
 * starts after `633;C;<nonce>` and ends at `633;D;<code>;<nonce>`. Keeps the first and last
 * ~512 KB of a huge output and counts what it dropped from the middle.
 */
export class CommandCapture {
  private readonly startMarker: string;
  private readonly endPattern: RegExp;
  private started = false;
  private pre = '';
  private head: string | undefined;
  /** Output since the head (or all of it), as received: joined only when needed. */
  private parts: string[] = [];
  private partsLength = 0;
  /** The last characters seen, so a marker split across chunks is still found. */
  private carry = '';
  /** Raw characters dropped from the middle. */
  dropped = 0;

  constructor(nonce: string) {
    this.startMarker = outputStartMarker(nonce);
    this.endPattern = commandEndPattern(nonce);
  }

  /** Takes the next pty chunk; returns the exit code once the end marker was seen. */
  feed(chunk: string): { exitCode: number | null } | undefined {
    if (this.started) return this.append(chunk);
    this.pre += chunk;
    const i = this.pre.indexOf(this.startMarker);
    if (i >= 0) {
      this.started = true;
      const rest = this.pre.slice(i + this.startMarker.length);
      this.pre = '';
      return this.append(rest);
    }
    const m = this.endPattern.exec(this.pre);
    if (!m) return undefined;
    // Finished without running anything (syntax error, only a comment): what bash printed
    // after readline accepted the line is the output.
    const before = this.pre.slice(0, m.index);
    const j = before.lastIndexOf(PASTE_MODE_OFF);
    this.parts = [j >= 0 ? before.slice(j + PASTE_MODE_OFF.length) : ''];
    return { exitCode: parseExitCode(m[1]) };
  }

  /**
   * Drops what came after the last `marker` (the shell's "I am ending" marker): only the
   * terminal's echo of the key that let the shell go, when it arrived before the EXIT trap's
   * `read -s` turned echo off.
   */
  endAt(marker: string): void {
    const rest = this.parts.join('');
    const i = rest.lastIndexOf(marker);
    if (i < 0) return;
    this.parts = [rest.slice(0, i)];
    this.partsLength = i;
  }

  /** The kept raw output: the head (when the middle was dropped) and the rest. */
  output(): { head: string | undefined; rest: string } {
    return { head: this.head, rest: this.parts.join('') };
  }

  private append(chunk: string): { exitCode: number | null } | undefined {
    // Only the carry plus the new chunk is searched: output can be megabytes.
    const window = this.carry + chunk;
    const m = this.endPattern.exec(window);
    if (m) {
      const cut = m.index - this.carry.length;
      if (cut >= 0) this.parts.push(chunk.slice(0, cut));
      else {
        // The marker began in earlier chunks: take those characters back out.
        let remove = -cut;
        while (remove > 0 && this.parts.length) {
          const last = this.parts.pop()!;
          if (last.length > remove) this.parts.push(last.slice(0, last.length - remove));
          remove -= Math.min(remove, last.length);
        }
      }
      return { exitCode: parseExitCode(m[1]) };
    }
    this.parts.push(chunk);
    this.partsLength += chunk.length;
    this.carry = window.slice(-64);
    if (this.partsLength > HEAD_CHARS + TAIL_CHARS + 64 * 1024) {
      let out = this.parts.join('');
      if (this.head === undefined) {
        this.head = out.slice(0, HEAD_CHARS);
        out = out.slice(HEAD_CHARS);
      }
      const drop = out.length - TAIL_CHARS;
      if (drop > 0) {
        this.dropped += drop;
        out = out.slice(drop);
      }
      this.parts = [out];
      this.partsLength = out.length;
    }
    return undefined;
  }
}

function parseExitCode(text: string | undefined): number | null {
  if (!text) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}
