import { describe, expect, it } from 'vitest';
import { shortcutFor } from './shortcuts';

const k = (key: string, m: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...m });

describe('shortcutFor', () => {
  const table: Array<[string, ReturnType<typeof k>, boolean, ReturnType<typeof shortcutFor>]> = [
    ['Esc stops a run', k('Escape'), true, 'stop'],
    ['Esc does nothing when idle', k('Escape'), false, null],
    ['Ctrl+K focuses search', k('k', { ctrlKey: true }), false, 'focus-search'],
    ['Cmd+K focuses search', k('k', { metaKey: true }), false, 'focus-search'],
    ['Ctrl+, opens settings', k(',', { ctrlKey: true }), false, 'settings'],
    ['Ctrl+L focuses the message box', k('l', { ctrlKey: true }), false, 'send-focus'],
    ['Alt+Down next call', k('ArrowDown', { altKey: true }), false, 'next-call'],
    ['Alt+Up previous call', k('ArrowUp', { altKey: true }), false, 'prev-call'],
    ['plain k types', k('k'), false, null],
  ];
  for (const [name, e, running, want] of table) it(name, () => expect(shortcutFor(e, running)).toBe(want));
});
