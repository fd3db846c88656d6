/** Default most characters of one tool observation the model sees. */
export const DEFAULT_MAX_OBSERVATION_CHARS = 20_000;

/**
 * Clips a long observation, keeping its head and tail, with an explicit marker in the middle so
 * the model knows output was dropped and how much (the seed cut silently, and models then
 * reasoned about text they never saw).
 */
export function clipObservation(text: string, maxChars = DEFAULT_MAX_OBSERVATION_CHARS): string {
  if (text.length <= maxChars) return text;
  const keep = Math.max(0, maxChars - 200);
  const head = Math.ceil(keep * 0.7);
  const tail = keep - head;
  const omitted = text.length - head - tail;
  const marker = `\n[… ${omitted} characters clipped of ${text.length}; showing the first ${head} and the last ${tail}. Narrow the command or read the file in ranges to see the rest …]\n`;
  return text.slice(0, head) + marker + (tail > 0 ? text.slice(text.length - tail) : '');
}
