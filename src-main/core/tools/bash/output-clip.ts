/** Text cut for the model, with what was left out. */
export interface ClippedText {
  text: string;
  /** Characters left out (0 when nothing was cut). */
  omittedChars: number;
  omittedLines: number;
}

/**
 * Keeps the head and the tail of long output (the start says what ran, the end how it
 * ended) and puts a marker in the middle saying how much was omitted. Cuts at line
 * boundaries when a line break is near.
 */
export function clipOutput(text: string, maxChars: number): ClippedText {
  if (text.length <= maxChars) return { text, omittedChars: 0, omittedLines: 0 };
  const half = Math.floor(maxChars / 2);
  let headEnd = half;
  const nl = text.lastIndexOf('\n', headEnd);
  if (nl > half * 0.8) headEnd = nl;
  let tailStart = text.length - half;
  const nl2 = text.indexOf('\n', tailStart);
  if (nl2 !== -1 && nl2 < tailStart + half * 0.2) tailStart = nl2 + 1;
  const omitted = text.slice(headEnd, tailStart);
  const omittedLines = (omitted.match(/\n/g)?.length ?? 0);
  const marker = `\n[... ${omitted.length.toLocaleString('en-US')} characters (${omittedLines.toLocaleString('en-US')} lines) omitted; the full output is kept in the trace ...]\n`;
  return { text: text.slice(0, headEnd) + marker + text.slice(tailStart), omittedChars: omitted.length, omittedLines };
}
