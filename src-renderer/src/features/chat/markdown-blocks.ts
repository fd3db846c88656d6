/**
 * Splits Markdown into top-level blocks at blank lines, so a streaming answer can render each
 * finished block once and re-parse only the last (growing) one. The parts put back together are
 * the text exactly. A blank line splits only where the next line starts a new block at the left
 * margin (indented lines continue a list item or a code block) and never inside a fenced code
 * block (``` or ~~~, as long as the opening fence or longer).
 */
export function splitBlocks(text: string): string[] {
  const lines = text.split('\n');
  const blocks: string[] = [];
  let cur: string[] = [];
  let fence: { char: string; len: number } | null = null;
  let blank = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const isBlank = line.trim() === '';
    if (!fence && blank && !isBlank && /^\S/.test(line) && cur.length) {
      blocks.push(cur.join('\n') + '\n');
      cur = [];
    }
    cur.push(line);
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (f) {
      const char = f[1]![0]!;
      const len = f[1]!.length;
      if (!fence) fence = { char, len };
      else if (fence.char === char && len >= fence.len && line.trim() === f[1]) fence = null;
    }
    blank = isBlank;
  }
  blocks.push(cur.join('\n'));
  return blocks;
}
