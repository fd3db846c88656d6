import { describe, expect, it } from 'vitest';
import { shortcutFor, type ShortcutContext } from './shortcuts';

const k = (key: string, m: Partial<{ code: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...m });
const running: ShortcutContext = { running: true, focus: 'composer' };

describe('shortcutFor', () => {
  const table: Array<[string, ReturnType<typeof k>, ShortcutContext | boolean, ReturnType<typeof shortcutFor>]> = [
    ['Esc stops a run from the message box', k('Escape'), running, 'stop'],
    ['Esc stops a run with nothing focused', k('Escape'), { running: true, focus: 'none' }, 'stop'],
    ['Esc does nothing when idle', k('Escape'), false, null],
    ['Esc never stops a run while an approval waits', k('Escape'), { ...running, approvalsWaiting: true }, null],
    ['Esc in a terminal or an approval belongs there, not to the run', k('Escape'), { running: true, focus: 'other' }, null],
    ['Alt+Shift+A allows', k('A', { code: 'KeyA', altKey: true, shiftKey: true }), running, 'approval-allow'],
    ['Alt+Shift+A on macOS (another character, same key)', k('Å', { code: 'KeyA', altKey: true, shiftKey: true }), running, 'approval-allow'],
    ['Alt+Shift+D denies', k('D', { code: 'KeyD', altKey: true, shiftKey: true }), running, 'approval-deny'],
    ['Alt+Shift+N goes to the next request', k('N', { code: 'KeyN', altKey: true, shiftKey: true }), running, 'approval-next'],
    ['Alt+A alone types', k('a', { code: 'KeyA', altKey: true }), running, null],
    ['Ctrl+K focuses search', k('k', { ctrlKey: true }), false, 'focus-search'],
    ['Cmd+K focuses search', k('k', { metaKey: true }), false, 'focus-search'],
    ['Ctrl+, opens settings', k(',', { ctrlKey: true }), false, 'settings'],
    ['Ctrl+L focuses the message box', k('l', { ctrlKey: true }), false, 'send-focus'],
    ['Ctrl+Shift+O starts a new session', k('O', { ctrlKey: true, shiftKey: true }), false, 'new-session'],
    ['Alt+Down next call', k('ArrowDown', { altKey: true }), false, 'next-call'],
    ['Alt+Up previous call', k('ArrowUp', { altKey: true }), false, 'prev-call'],
    ['plain k types', k('k'), false, null],
    ['Ctrl+B hides or shows the sessions', k('b', { code: 'KeyB', ctrlKey: true }), running, 'toggle-sidebar'],
    ['Cmd+B hides or shows the sessions', k('b', { code: 'KeyB', metaKey: true }), false, 'toggle-sidebar'],
    ['Ctrl+Alt+B hides or shows the panes', k('b', { code: 'KeyB', ctrlKey: true, altKey: true }), false, 'toggle-right'],
    ['Cmd+Alt+B on macOS (another character, same key)', k('∫', { code: 'KeyB', metaKey: true, altKey: true }), false, 'toggle-right'],
    ['Ctrl+B in the terminal is the program\'s (tmux)', k('b', { code: 'KeyB', ctrlKey: true }), { running: false, focus: 'other', inTerminal: true }, null],
    ['Ctrl+Shift+B is not ours', k('B', { code: 'KeyB', ctrlKey: true, shiftKey: true }), false, null],
    ['plain b types', k('b', { code: 'KeyB' }), false, null],
  ];
  for (const [name, e, ctx, want] of table) it(name, () => expect(shortcutFor(e, ctx)).toBe(want));
});
