import type { CallDetail } from '../../../../src-shared/contract/views';
import type { ChatItem } from '../../../../src-shared/read-models/chat-items';
import { argsPreview, sourceLabel } from '../tool-calls/format';

/** Characters of a message a sketch shows (the row's height clips the rest). */
const SKETCH_TEXT = 400;

/** Whether a row of this kind is drawn as a sketch while the view scrolls fast (the others are cheap in full). */
export function hasSketch(item: ChatItem): boolean {
  if (item.kind === 'call') return true;
  if (item.kind === 'user') return !item.fork; // a fork's first row is its banner
  return item.kind === 'assistant' && !!item.text && !item.streaming;
}

/**
 * What a sketch shows: its box's classes (a call's card outline with its status colour, or the
 * message's bubble) and its texts: the tool, or the message's first characters; for a call, its
 * source and its argument line ('' for a message). The sketch layer sets them as text, never as
 * HTML.
 */
export interface SketchFace {
  box: string;
  first: string;
  source: string;
  args: string;
}

/** The face of the sketch of `item` (`call`: its call's detail, for a call row). */
export function sketchFace(item: ChatItem, call: CallDetail | undefined): SketchFace {
  if (item.kind === 'call') {
    return {
      box: `call-card row-sketch status-${call?.status ?? 'running'}`,
      first: call?.tool ?? '',
      source: call ? sourceLabel(call.source) : '',
      args: call ? argsPreview(call.tool, call.args) : '',
    };
  }
  const text = item.kind === 'user' || item.kind === 'assistant' ? item.text.slice(0, SKETCH_TEXT) : '';
  return { box: `msg ${item.kind === 'user' ? 'msg-user' : 'msg-assistant'} row-sketch row-sketch-msg`, first: text, source: '', args: '' };
}
