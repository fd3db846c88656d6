/**
 * The editor's text handling: `cat -n` views, clipping, UTF-8 decoding, finding occurrences
 * and their line numbers, in the seed's wording (models trained on it know what to do next).
 */

/** Lines of context shown around an edit. */
export const SNIPPET_LINES = 4;
/** Views longer than this many characters are clipped. */
export const MAX_RESPONSE_LEN = 16_000;
/** The seed's note after a clipped view (models trained on it know what to do next). */
export const TRUNCATED_MESSAGE =
  '<response clipped><NOTE>To save on context only part of this file has been shown to you. ' +
  'You should retry this tool after you have searched inside the file with `grep -n` ' +
  'in order to find the line numbers of what you are looking for.</NOTE>';
/** File text larger than this is left out of result metadata (the UI's diff pane). */
export const MAX_METADATA_BYTES = 1024 * 1024;


/** A failure the model should read; becomes an `Error: …` result, never a throw. */
export class EditorError extends Error {}

/** Python's list repr for integers, e.g. `[1, 5]` (the seed's messages print lists this way). */
export function pyList(values: readonly unknown[]): string {
  return `[${values.map((v) => String(v)).join(', ')}]`;
}

/** Clips text to MAX_RESPONSE_LEN, at a line end when there is one, so no numbered line is cut. */
export function clip(text: string): { text: string; clipped: boolean } {
  if (text.length <= MAX_RESPONSE_LEN) return { text, clipped: false };
  let cut = text.slice(0, MAX_RESPONSE_LEN);
  const lastNewline = cut.lastIndexOf('\n');
  if (lastNewline > 0) cut = cut.slice(0, lastNewline);
  else if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1); // never split a surrogate pair
  return { text: cut, clipped: true };
}

/**
 * Formats text like `cat -n` (`%6d\t%s`). Tabs are shown as they are so `old_str` copied from
 * a view matches the file. A clipped view gets the seed's note on its own line after the
 * numbered lines (the seed numbered the note as if it were file content).
 */
export function makeOutput(content: string, descriptor: string, initLine = 1): string {
  const { text, clipped } = clip(content);
  const numbered = text
    .split('\n')
    .map((line, i) => `${String(i + initLine).padStart(6)}\t${line}`)
    .join('\n');
  return `Here's the result of running \`cat -n\` on ${descriptor}:\n${numbered}\n${clipped ? `${TRUNCATED_MESSAGE}\n` : ''}`;
}

/** Decodes file bytes as UTF-8, refusing binary or invalid text rather than mangling it. */
export function decodeText(bytes: Uint8Array, path: string): string {
  if (bytes.includes(0)) {
    throw new EditorError(
      `The file ${path} appears to be binary (it contains NUL bytes). str_replace_editor only views and edits UTF-8 text files; the file was not changed.`,
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new EditorError(
      `The file ${path} is not valid UTF-8 text. str_replace_editor only views and edits UTF-8 text files; the file was not changed.`,
    );
  }
}

/** Start offsets of the non-overlapping occurrences of `needle` (Python's `str.count` semantics). */
export function findOccurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  if (needle === '') return found;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) found.push(i);
  return found;
}

/** 1-based line number of each offset (offsets ascending). */
export function lineNumbersOf(text: string, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let pos = 0;
  for (const offset of offsets) {
    for (; pos < offset; pos++) if (text.charCodeAt(pos) === 10) line++;
    lines.push(line);
  }
  return lines;
}

export function countNewlines(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/**
 * `str_replace`'s text change: the file with the one occurrence of `oldStr` replaced. Throws an
 * EditorError in the seed's wording when there is none or more than one. A CRLF file matches a
 * multi-line `oldStr` written with `\n`, and `newStr` then gets the file's line endings.
 * Returns where the replacement starts and the `newStr` actually written. Shared by the editor
 * and the approval's preview, so what is approved is what is written.
 */
export function replaceOnce(content: string, oldStr: string, newStr: string, path: string): { text: string; at: number; newStr: string } {
  if (oldStr === '') {
    throw new EditorError(`No replacement was performed, old_str is empty. Give the exact text in ${path} to replace.`);
  }
  let offsets = findOccurrences(content, oldStr);
  if (offsets.length === 0 && oldStr.includes('\n') && !oldStr.includes('\r') && content.includes('\r\n')) {
    // Models write `\n`; a CRLF file would never match a multi-line old_str. Match it with the
    // file's own line endings and write new_str with them too, so the file stays consistent.
    const crlfOld = oldStr.replace(/\n/g, '\r\n');
    const crlfOffsets = findOccurrences(content, crlfOld);
    if (crlfOffsets.length > 0) {
      oldStr = crlfOld;
      newStr = newStr.replace(/\r?\n/g, '\r\n');
      offsets = crlfOffsets;
    }
  }
  if (offsets.length === 0) {
    throw new EditorError(`No replacement was performed, old_str \`${oldStr}\` did not appear verbatim in ${path}.`);
  }
  if (offsets.length > 1) {
    throw new EditorError(
      `No replacement was performed. Multiple occurrences of old_str \`${oldStr}\` in lines ${pyList(lineNumbersOf(content, offsets))}. Please ensure it is unique`,
    );
  }
  const at = offsets[0]!;
  // Spliced by offset, not String.replace: `$&` and friends in new_str must stay literal.
  return { text: content.slice(0, at) + newStr + content.slice(at + oldStr.length), at, newStr };
}

/** `insert`'s text change: `newStr`'s lines after line `insertLine` (0 = at the top). Throws an EditorError when out of range. */
export function insertLines(content: string, insertLine: number, newStr: string): string {
  const lines = content.split('\n');
  const n = lines.length;
  if (!Number.isInteger(insertLine) || insertLine < 0 || insertLine > n) {
    throw new EditorError(
      `Invalid \`insert_line\` parameter: ${insertLine}. It should be within the range of lines of the file: ${pyList([0, n])}`,
    );
  }
  return [...lines.slice(0, insertLine), ...newStr.split('\n'), ...lines.slice(insertLine)].join('\n');
}
