const OPEN = '<think>';
const CLOSE = '</think>';

/**
 * Splits `<think>…</think>` reasoning out of streamed answer text (some models served by Ollama,
 * vLLM or LM Studio without a reasoning parser write it inline). Only reasoning at the start of
 * the answer counts (leading whitespace allowed, several blocks in a row too): once answer
 * text has shown, a `<think>` is text, so an answer that talks about the tag is left alone.
 * Tags may arrive split across chunks: a chunk ending in what could be the start of a tag is
 * held back until the next chunk decides. Whitespace between the reasoning and the answer is dropped.
 */
export class ThinkTagSplitter {
  private held = '';
  private inside = false;
  private answering = false;
  private seen = false;

  /** Feeds a chunk; returns what is answer text and what is reasoning so far. */
  push(chunk: string): { text: string; thinking: string } {
    let text = '';
    let thinking = '';
    let buf = this.held + chunk;
    this.held = '';
    while (buf) {
      if (this.answering) {
        text += buf;
        break;
      }
      if (this.inside) {
        const end = buf.indexOf(CLOSE);
        if (end >= 0) {
          thinking += buf.slice(0, end);
          buf = buf.slice(end + CLOSE.length);
          this.inside = false;
          continue;
        }
        const keep = partialSuffix(buf, CLOSE);
        thinking += buf.slice(0, buf.length - keep);
        this.held = buf.slice(buf.length - keep);
        break;
      }
      // Before the answer: skip whitespace, then either a tag opens or the answer starts.
      const trimmed = buf.replace(/^\s+/, '');
      if (!trimmed) {
        this.held = buf; // only whitespace so far: it may lead into a tag
        break;
      }
      if (trimmed.startsWith(OPEN)) {
        this.inside = true;
        this.seen = true;
        buf = trimmed.slice(OPEN.length);
        continue;
      }
      if (OPEN.startsWith(trimmed)) {
        this.held = trimmed; // "<thi": wait for more
        break;
      }
      this.answering = true;
      // Whitespace after the reasoning is a separator; an answer that starts with some keeps it.
      if (this.seen) buf = trimmed;
    }
    return { text, thinking };
  }

  /** The end of the stream: whatever is still held goes where it was heading. */
  end(): { text: string; thinking: string } {
    const rest = this.held;
    this.held = '';
    if (this.inside) return { text: '', thinking: rest };
    return { text: this.answering ? rest : rest.trim() ? rest : '', thinking: '' };
  }
}

/** How many trailing characters of `s` could begin `tag`. */
function partialSuffix(s: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, s.length); n > 0; n--) if (tag.startsWith(s.slice(s.length - n))) return n;
  return 0;
}
