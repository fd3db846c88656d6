import type { CallDetail } from '../../../../src-shared/contract/views';
import type { ChatItem } from '../../../../src-shared/read-models/chat-items';
import { SketchPool } from './sketch-pool';
import { sketchFace } from './sketch-face';

/** A row of the conversation to draw as a sketch: placed at `start` (px from the list's top), `size` high. */
export interface SketchRow {
  key: string;
  item: ChatItem;
  /** The call's detail, for a call row. */
  call: CallDetail | undefined;
  start: number;
  size: number;
  /** Dimmed: left out of the conversation by a restore. */
  rewound: boolean;
}

/** One slot's elements and what they show now (to write only what changed). */
interface Slot {
  row: HTMLDivElement;
  box: HTMLDivElement;
  /** The texts, each the only child of its element: a new text is written into the node (as React does), not a new node. */
  texts: Text[];
  item?: ChatItem;
  call?: CallDetail;
  status?: string;
  rewound?: boolean;
  start?: number;
  size?: number;
  shown: boolean;
}

/** The slots of one kind of sketch (calls' cards or messages' bubbles), reused through a SketchPool. */
class SlotSet {
  readonly pool = new SketchPool();
  readonly slots: Slot[] = [];
  constructor(readonly shape: 'call' | 'message') {}
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className = ''): HTMLElementTagNameMap[K] => {
  const e = document.createElement(tag);
  if (className) e.className = className;
  return e;
};
const text = (parent: HTMLElement): Text => parent.appendChild(document.createTextNode(''));

/**
 * The conversation's sketch rows, written to the page directly rather than through React: during
 * a fling rows enter and leave every frame, and re-rendering the list to move a few slots cost
 * more than the slots themselves (the virtualizer's scroll handler, React's render and commit).
 * Slots are reused (SketchPool): a slot freed by a row that left takes the next row of its kind
 * that enters, so a frame changes a few texts and positions, and only what changed is written.
 * Calls and messages have slots of their own, so a slot keeps its elements and classes (a card's
 * outline, a bubble) and restyles nothing but a status colour. A slot is a
 * `.chat-row.chat-row-sketch[data-sketch]` box like the list's other rows, with what sketchFace
 * says inside; a free slot is hidden. Texts are set as text, never as HTML.
 */
export class SketchLayer {
  private readonly sets = { call: new SlotSet('call'), message: new SlotSet('message') };
  private host: HTMLElement | null = null;

  /** Puts the slots in `host` (a child of the positioned list: slots are placed relative to the list). */
  attach(host: HTMLElement | null): void {
    if (host === this.host) return;
    this.host = host;
    if (host) for (const set of Object.values(this.sets)) for (const s of set.slots) host.append(s.row);
  }

  /** Draws `rows` as the page's sketches (every other slot hidden). */
  draw(rows: readonly SketchRow[]): void {
    if (!this.host) return;
    const calls: SketchRow[] = [];
    const messages: SketchRow[] = [];
    for (const r of rows) (r.item.kind === 'call' ? calls : messages).push(r);
    this.drawSet(this.sets.call, calls, this.host);
    this.drawSet(this.sets.message, messages, this.host);
  }

  private drawSet(set: SlotSet, rows: readonly SketchRow[], host: HTMLElement): void {
    const byKey = new Map<string, SketchRow>();
    for (const r of rows) byKey.set(r.key, r);
    const keys = set.pool.assign(rows.map((r) => r.key));
    for (let i = 0; i < keys.length; i++) {
      const slot = (set.slots[i] ??= makeSlot(set.shape, host));
      const key = keys[i];
      const row = key === undefined ? undefined : byKey.get(key);
      if (row) show(slot, row);
      else if (slot.shown) hide(slot);
    }
  }
}

/** A hidden slot in `host`: a call's card (head with tool and source, argument line) or a message's bubble (one line). */
function makeSlot(shape: 'call' | 'message', host: HTMLElement): Slot {
  const row = el('div', 'chat-row chat-row-sketch');
  row.style.cssText = 'position: absolute; top: 0; left: 0; width: 100%; display: none';
  const box = row.appendChild(el('div'));
  let texts: Text[];
  if (shape === 'call') {
    const head = box.appendChild(el('div', 'call-head'));
    texts = [text(head.appendChild(el('span', 'call-tool'))), text(head.appendChild(el('span', 'call-source'))), text(box.appendChild(el('pre', 'call-args-preview')))];
  } else {
    texts = [text(box.appendChild(el('div', 'row-sketch-line')).appendChild(el('span')))];
  }
  host.append(row);
  return { row, box, texts, shown: false };
}

function show(slot: Slot, r: SketchRow): void {
  const status = r.call?.status;
  if (slot.item !== r.item || slot.call !== r.call || slot.status !== status) {
    const face = sketchFace(r.item, r.call);
    if (slot.box.className !== face.box) slot.box.className = face.box;
    const values = [face.first, face.source, face.args];
    slot.texts.forEach((t, i) => {
      if (t.data !== values[i]) t.data = values[i]!;
    });
    slot.item = r.item;
    slot.call = r.call;
    slot.status = status;
  }
  if (slot.rewound !== r.rewound) {
    slot.row.classList.toggle('chat-rewound', r.rewound);
    slot.rewound = r.rewound;
  }
  if (slot.start !== r.start) {
    slot.row.style.transform = `translateY(${r.start}px)`;
    slot.start = r.start;
  }
  if (slot.size !== r.size) {
    slot.row.style.height = `${r.size}px`;
    slot.size = r.size;
  }
  if (!slot.shown) {
    slot.row.style.display = '';
    slot.row.dataset.sketch = 'true';
    slot.shown = true;
  }
}

function hide(slot: Slot): void {
  slot.row.style.display = 'none';
  delete slot.row.dataset.sketch;
  slot.shown = false;
}
