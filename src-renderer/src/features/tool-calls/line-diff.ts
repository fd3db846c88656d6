import { diffArrays } from 'diff';

/** One line of a diff: kept, removed or added, with its line numbers in the old and new text. */
export interface DiffLine {
  kind: 'same' | 'del' | 'add';
  text: string;
  oldNo?: number;
  newNo?: number;
}

/** A run of lines around changes; `hidden` counts the kept lines folded away before it. */
export interface DiffHunk {
  lines: DiffLine[];
  hiddenBefore: number;
}

/** Above this many line pairs the middle is shown as all removed then all added (not diffed). */
const MAX_CELLS = 4_000_000;

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * The line diff of two texts: common head and tail kept, the middle by jsdiff (bounded: a huge
 * middle is shown as replaced). Pure, for approvals and cards.
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const out: DiffLine[] = [];
  for (let i = 0; i < head; i++) out.push({ kind: 'same', text: a[i]!, oldNo: i + 1, newNo: i + 1 });
  const am = a.slice(head, a.length - tail);
  const bm = b.slice(head, b.length - tail);
  let oi = head;
  let ni = head;
  // jsdiff's Myers diff on the middle, one array element per line; bounded: a huge middle is
  // shown as replaced.
  const changes = am.length * bm.length > MAX_CELLS ? undefined : diffArrays(am, bm);
  for (const c of changes ?? [{ removed: true, value: am }, { added: true, value: bm }]) {
    for (const t of c.value) {
      if (c.removed) out.push({ kind: 'del', text: t, oldNo: ++oi });
      else if (c.added) out.push({ kind: 'add', text: t, newNo: ++ni });
      else out.push({ kind: 'same', text: t, oldNo: ++oi, newNo: ++ni });
    }
  }
  for (let k = 0; k < tail; k++) out.push({ kind: 'same', text: a[a.length - tail + k]!, oldNo: ++oi, newNo: ++ni });
  return out;
}

/** The changed lines with `context` kept lines around each change; kept runs between them folded. */
export function toHunks(lines: DiffLine[], context = 3): DiffHunk[] {
  const keep = new Uint8Array(lines.length);
  lines.forEach((l, i) => {
    if (l.kind === 'same') return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) keep[k] = 1;
  });
  const hunks: DiffHunk[] = [];
  let hidden = 0;
  let cur: DiffHunk | null = null;
  lines.forEach((l, i) => {
    if (!keep[i]) {
      hidden++;
      cur = null;
      return;
    }
    if (!cur) {
      cur = { lines: [], hiddenBefore: hidden };
      hidden = 0;
      hunks.push(cur);
    }
    cur.lines.push(l);
  });
  return hunks;
}

/** `+3 −1` counts of a diff. */
export function diffStat(lines: DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.kind === 'add') added++;
    else if (l.kind === 'del') removed++;
  }
  return { added, removed };
}
