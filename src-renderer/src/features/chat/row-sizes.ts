import type { CallDetail } from '../../../../src-shared/contract/views';
import type { ChatItem } from '../../../../src-shared/read-models/chat-items';

/** Lines in a text, as a <pre> shows them (a trailing newline adds none). */
export function textLines(text: string | null | undefined): number {
  if (!text) return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < text.length - 1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * What a row's height depends on, as a key: rows of one shape lay out to the same height, so one
 * measured row tells the height of every row like it. A call's result box scrolls past ~18
 * lines, so longer outputs share a shape.
 */
export function rowShape(item: ChatItem, call: CallDetail | undefined): string {
  switch (item.kind) {
    case 'assistant':
      // Wrapping depends on width and glyphs; 80-character buckets are close enough to start from.
      // A folded thinking block adds one line above the answer.
      return `a${textLines(item.text) + (item.thinking ? 1 : 0)}:${Math.floor(item.text.length / 80)}`;
    case 'call': {
      if (!call) return 'c?';
      const r = call.result;
      const body = r ? `${Math.min(19, textLines(r.output))}.${Math.min(19, textLines(r.error))}.${r.system ? 1 : 0}.${r.images?.length ?? 0}` : '-';
      const preview = call.args && typeof call.args === 'object' && typeof (call.args as { command?: unknown }).command === 'string' ? Math.min(3, textLines((call.args as { command: string }).command)) : 1;
      // A call with an MCP App view has the view's box under it (its own height, remembered).
      const view = r?.metadata?.mcpApp ? ':v' : '';
      return `c${call.status}:${preview}:${body}:${call.updates.length ? 1 : 0}${view}`;
    }
    case 'end':
      return item.error ? `e${Math.floor(item.error.length / 80)}` : 'e';
    default:
      return item.kind;
  }
}

/** A first guess from the shape alone, before any row like it was measured (px, default styles). */
function guess(shape: string): number {
  const nums = shape.slice(1).split(/[:.]/).map(Number);
  switch (shape[0]) {
    case 'a':
      return 32 + 20 * Math.max(nums[0] ?? 1, (nums[1] ?? 0) + 1);
    case 'c':
      return 80 + 17 * ((nums[2] || 0) + (nums[3] || 0));
    default:
      return 38;
  }
}

/**
 * Row heights learned from the rows measured so far, by shape. The conversation's virtualizer
 * estimates every unmeasured row from it, so rows measured as they scroll into view match their
 * estimate and nothing above them jumps (each mismatch moves the rows after it).
 */
export class RowSizes {
  private readonly sizes = new Map<string, number>();
  private readonly shapes = new WeakMap<ChatItem, string>();

  constructor(private readonly callOf: (callId: string) => CallDetail | undefined) {}

  /** The row's shape, worked out once per row (rows are immutable; a changed row is a new object). */
  shapeOf(item: ChatItem): string {
    let s = this.shapes.get(item);
    if (s === undefined) {
      s = rowShape(item, item.kind === 'call' ? this.callOf(item.callId) : undefined);
      // A running call changes without its row changing: do not remember its shape.
      if (item.kind !== 'call' || (s !== 'c?' && !s.startsWith('crunning') && !s.startsWith('cawaiting'))) this.shapes.set(item, s);
    }
    return s;
  }

  /** Estimated height of a row. */
  estimate(item: ChatItem): number {
    const shape = this.shapeOf(item);
    return this.sizes.get(shape) ?? guess(shape);
  }

  /** Records a measured row; true when that taught something new (estimates changed). */
  learn(item: ChatItem, size: number): boolean {
    const shape = this.shapeOf(item);
    if (this.sizes.get(shape) === size) return false;
    const known = this.sizes.has(shape);
    this.sizes.set(shape, size);
    // A shape seen before that measured differently (e.g. the width changed) updates quietly.
    return !known && Math.abs(size - guess(shape)) > 1;
  }
}
