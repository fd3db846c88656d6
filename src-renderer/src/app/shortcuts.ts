/** What a key press means in the window (pure, so it can be tested). */
export type ShortcutAction =
  | 'send-focus'
  | 'stop'
  | 'focus-search'
  | 'next-call'
  | 'prev-call'
  | 'settings'
  | 'new-session'
  | 'approval-allow'
  | 'approval-deny'
  | 'approval-next'
  | 'toggle-sidebar'
  | 'toggle-right'
  | null;

/** Where the key press happened and what the window is doing. */
export interface ShortcutContext {
  /** A run is going. */
  running: boolean;
  /** At least one approval request waits in a card. */
  approvalsWaiting?: boolean;
  /**
   * What has the focus: the message box, nothing (the page itself), or anything else (a
   * terminal, an editor, a field, an approval's buttons).
   */
  focus?: 'composer' | 'none' | 'other';
  /** The focus is in the terminal, whose programs get their own Ctrl keys (Ctrl+B is tmux's). */
  inTerminal?: boolean;
}

/**
 * Maps a keydown to an action. Ctrl on Linux/Windows, Cmd on macOS. Esc stops a run only from
 * the message box (or with nothing focused) and never while an approval waits: Esc in a
 * terminal belongs to the program there, and Esc near a request only leaves it. Approval keys
 * are Alt+Shift+A (allow), Alt+Shift+D (deny), Alt+Shift+N (next waiting request); they
 * compare the physical key (`code`) as macOS turns Alt+Shift+letter into other characters.
 * Ctrl/Cmd+B hides or shows the sessions, Ctrl/Cmd+Alt+B the inspector and panes (as VS Code's
 * two side bars), except from the terminal.
 */
export function shortcutFor(
  e: { key: string; code?: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean },
  ctx: ShortcutContext | boolean,
): ShortcutAction {
  const c: ShortcutContext = typeof ctx === 'boolean' ? { running: ctx } : ctx;
  const mod = e.ctrlKey || e.metaKey;
  if (e.key === 'Escape') return c.running && !c.approvalsWaiting && (c.focus ?? 'none') !== 'other' ? 'stop' : null;
  if (e.altKey && e.shiftKey && !mod) {
    const letter = e.code?.startsWith('Key') ? e.code.slice(3).toLowerCase() : e.key.toLowerCase();
    if (letter === 'a') return 'approval-allow';
    if (letter === 'd') return 'approval-deny';
    if (letter === 'n') return 'approval-next';
  }
  if (mod && !e.shiftKey && (e.code === 'KeyB' || e.key.toLowerCase() === 'b') && !c.inTerminal) return e.altKey ? 'toggle-right' : 'toggle-sidebar';
  if (mod && e.key.toLowerCase() === 'k') return 'focus-search';
  if (mod && e.key === ',') return 'settings';
  if (mod && e.key.toLowerCase() === 'l') return 'send-focus';
  if (mod && e.shiftKey && e.key.toLowerCase() === 'o') return 'new-session';
  if (e.altKey && e.key === 'ArrowDown') return 'next-call';
  if (e.altKey && e.key === 'ArrowUp') return 'prev-call';
  return null;
}
