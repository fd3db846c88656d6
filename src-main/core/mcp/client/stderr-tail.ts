/** Lines of a stdio server's stderr kept for "why it failed". */
export const STDERR_TAIL_LINES = 200;

/** The last lines a stdio server wrote to stderr, for failure explanations and the server card. */
export class StderrTail {
  private readonly lines: string[] = [];
  private partial = '';

  /** Adds a chunk as it came from the pipe (lines may be split across chunks). */
  add(text: string): void {
    const parts = (this.partial + text).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    this.lines.push(...parts);
    if (this.lines.length > STDERR_TAIL_LINES) this.lines.splice(0, this.lines.length - STDERR_TAIL_LINES);
  }

  /** Every kept line, the unfinished last one included. */
  get tail(): string[] {
    return this.partial ? [...this.lines, this.partial] : [...this.lines];
  }

  /** "\nstderr (last N lines): …" for a message, or '' when the server wrote nothing. */
  summary(lines = 20): string {
    const tail = this.tail.filter((l) => l.trim()).slice(-lines);
    return tail.length ? `\nstderr (last ${tail.length} lines):\n${tail.join('\n')}` : '';
  }
}
