/**
 * Brings an element of the MCP pane into view: `start` for a server card (its name, status and
 * error are at its top), `nearest` for output under what was clicked (moves only as far as
 * needed). Smooth unless the user asked for reduced motion.
 */
export function reveal(el: Element | null, block: ScrollLogicalPosition): void {
  if (!el) return;
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  // After the frames of the same change (a form above closing moves everything up): a scroll
  // aimed before them would land that far off.
  requestAnimationFrame(() => requestAnimationFrame(() => el.isConnected && el.scrollIntoView({ block, inline: 'nearest', behavior: reduced ? 'auto' : 'smooth' })));
}

/** Flashes an element's outline for a moment (restartable: each call starts the flash again). */
export function flash(el: HTMLElement | null): void {
  if (!el || typeof el.animate !== 'function') return;
  el.animate(
    [
      { boxShadow: '0 0 0 3px var(--accent)', backgroundColor: 'var(--bg3)' },
      { boxShadow: '0 0 0 3px var(--accent)', offset: 0.5 },
      { boxShadow: '0 0 0 0 transparent' },
    ],
    { duration: 1800, easing: 'ease-out' },
  );
}
