import type { ToolContext } from './tool';
import type { SecretRedactor } from '../secrets/redactor';
import { StreamRedactor } from '../secrets/stream-redactor';

/**
 * A running tool's output streamed to the UI as `tool_execution_update` log events: batched
 * (at most one event per 200 ms) and capped, so a chatty loop cannot flood the session file.
 * Secrets are hidden here, not only per event downstream: a key can fall across two batches.
 */
export class LiveOutput {
  private pending = '';
  private sent = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  static readonly INTERVAL_MS = 200;
  static readonly MAX_CHARS = 100_000;
  private readonly redact: StreamRedactor | null;

  constructor(
    private readonly ctx: Pick<ToolContext, 'emit' | 'callId'>,
    redactor?: SecretRedactor,
  ) {
    this.redact = redactor?.active ? new StreamRedactor(redactor) : null;
  }

  add(text: string): void {
    if (this.closed || this.sent >= LiveOutput.MAX_CHARS || !text) return;
    this.pending += this.redact ? this.redact.push(text) : text;
    this.timer ??= setTimeout(() => this.flush(), LiveOutput.INTERVAL_MS);
  }

  private flush(): void {
    this.timer = undefined;
    if (!this.pending) return;
    let message = this.pending.slice(0, LiveOutput.MAX_CHARS - this.sent);
    this.sent += message.length;
    this.pending = '';
    if (this.sent >= LiveOutput.MAX_CHARS) message += '\n[live output stopped here; the result has the rest]';
    this.ctx.emit?.({ type: 'tool_execution_update', callId: this.ctx.callId, kind: 'log', message });
  }

  /** Sends what is left; later `add`s are dropped (the result carries the whole output). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.redact && this.sent < LiveOutput.MAX_CHARS) this.pending += this.redact.end();
    this.flush();
  }
}

/**
 * Terminal output as plain text for a card's tail: escape sequences (colours, cursor moves,
 * the shell integration's OSC marks) dropped, CRLF as LF, and a carriage return that redraws a
 * line (progress bars) keeps only what was drawn last. Stateless per chunk, so a sequence split
 * across two chunks may leave a fragment; the result record is the exact text.
 */
export function terminalChunkToText(chunk: string): string {
  const plain = chunk
    // OSC … BEL or ST (window titles, shell-integration marks)
    .replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g, '')
    // CSI sequences
    .replace(/\x1b\[[0-?]*[ -/]*[@-~]/g, '')
    // other two-byte escapes
    .replace(/\x1b[@-_]/g, '')
    .replace(/\r\n/g, '\n');
  // A lone CR redraws the line: keep the text after the last one on each line.
  return plain
    .split('\n')
    .map((line) => (line.includes('\r') ? line.slice(line.lastIndexOf('\r') + 1) : line))
    .join('\n')
    .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
}

/** The shell integration's marks: output starts after `633;C`, ends at the state report or `633;D`. */
const OUTPUT_START = '\x1b]633;C';
const OUTPUT_END = /\x1b\]633;[PD]/;

/**
 * Keeps only a command's own output from the shell's raw stream: what comes before the
 * shell-integration mark that starts it (the prompt, the echoed command) and from the mark
 * that ends it are dropped, so a card's tail shows what the command printed.
 */
export class CommandOutputFilter {
  private state: 'before' | 'output' | 'after' = 'before';
  private held = '';

  push(chunk: string): string {
    if (this.state === 'after') return '';
    let text = chunk;
    if (this.state === 'before') {
      this.held += chunk;
      const at = this.held.indexOf(OUTPUT_START);
      if (at === -1) {
        // Keep only enough to find a mark split across chunks.
        this.held = this.held.slice(-64);
        return '';
      }
      const rest = this.held.slice(at + OUTPUT_START.length);
      this.held = '';
      this.state = 'output';
      // The mark's own parameters end at BEL or ST.
      const bel = rest.search(/\x07|\x1b\\/);
      text = bel === -1 ? rest : rest.slice(bel + (rest[bel] === '\x07' ? 1 : 2));
    }
    const end = text.search(OUTPUT_END);
    if (end !== -1) {
      this.state = 'after';
      text = text.slice(0, end);
    }
    return terminalChunkToText(text);
  }
}
