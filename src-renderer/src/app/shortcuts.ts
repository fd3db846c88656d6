/** What a key press means in the window (pure, so it can be tested). */
export type ShortcutAction = 'send-focus' | 'stop' | 'focus-search' | 'next-call' | 'prev-call' | 'settings' | 'new-session' | null;

/** Maps a keydown to an action. Ctrl on Linux/Windows, Cmd on macOS. */
export function shortcutFor(e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }, running: boolean): ShortcutAction {
  const mod = e.ctrlKey || e.metaKey;
  if (e.key === 'Escape' && running) return 'stop';
  if (mod && e.key.toLowerCase() === 'k') return 'focus-search';
  if (mod && e.key === ',') return 'settings';
  if (mod && e.key.toLowerCase() === 'l') return 'send-focus';
  if (mod && e.shiftKey && e.key.toLowerCase() === 'o') return 'new-session';
  if (e.altKey && e.key === 'ArrowDown') return 'next-call';
  if (e.altKey && e.key === 'ArrowUp') return 'prev-call';
  return null;
}
