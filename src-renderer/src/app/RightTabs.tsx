import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { tabsInLine } from './tab-fold';
import { usePopoverDismiss } from './use-popover-dismiss';

/** A tab of the right column: the inspector or a workbench pane. */
export interface RightTab {
  id: string;
  title: string;
}

/** The ⋯ button's width before it was ever measured (px). */
const MORE_GUESS = 34;

/**
 * The right column's tab strip, always one line (as the top bar): the tabs that do not fit its
 * width fold, in order, into *More* (⋯), a menu under the button; the active tab always stays
 * in the line (see `tab-fold.ts`). Every tab is reached by mouse and by keyboard: Tab to ⋯,
 * Enter opens the menu with its first pane focused, ↑/↓ move, Enter opens the pane (its tab
 * then shows in the line, focused), Esc closes the menu and gives the focus back to ⋯.
 */
export function RightTabs({ tabs, active, onSelect }: { tabs: readonly RightTab[]; active: string; onSelect: (id: string) => void }) {
  const strip = useRef<HTMLElement>(null);
  // Each tab's width with its gap, learnt while it is in the line (names do not change).
  const widths = useRef(new Map<string, number>());
  const moreWidth = useRef(MORE_GUESS);
  const [room, setRoom] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const focusTab = useRef<string | null>(null);

  useLayoutEffect(() => {
    const el = strip.current;
    if (!el) return;
    const measure = (): void => {
      const cs = getComputedStyle(el);
      const gap = parseFloat(cs.columnGap) || 0;
      for (const b of el.querySelectorAll<HTMLElement>('[data-tab]')) {
        const w = b.getBoundingClientRect().width;
        if (w > 0) widths.current.set(b.dataset.tab!, w + gap);
      }
      const more = el.querySelector<HTMLElement>('[data-testid="right-tabs-more"]');
      if (more && more.getBoundingClientRect().width > 0) moreWidth.current = more.getBoundingClientRect().width + gap;
      // A hidden column (collapsed) has no room to fold for: keep what it showed.
      if (el.clientWidth > 0) setRoom(el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight));
    };
    measure();
    // Rendered before the browser paints: a plain setState here renders a task later, and each
    // resize would show one frame of the tabs past the column's edge.
    const observer = new ResizeObserver(() => flushSync(measure));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const activeIndex = tabs.findIndex((t) => t.id === active);
  // Until every tab was measured once (the first render shows them all) nothing folds.
  const known = tabs.every((t) => widths.current.has(t.id));
  const inLine = room === null || !known ? tabs.map((_, i) => i) : tabsInLine(tabs.map((t) => widths.current.get(t.id)!), room, activeIndex, moreWidth.current);
  const shown = new Set(inLine);
  const folded = tabs.filter((_, i) => !shown.has(i));

  // A pane picked from the menu: its tab is in the line now, and takes the focus.
  useLayoutEffect(() => {
    if (!focusTab.current) return;
    strip.current?.querySelector<HTMLElement>(`[data-tab="${CSS.escape(focusTab.current)}"]`)?.focus();
    focusTab.current = null;
  });

  const pick = useCallback(
    (id: string) => {
      setOpen(false);
      focusTab.current = id;
      onSelect(id);
    },
    [onSelect],
  );

  return (
    <nav className="tabs right-tabs" ref={strip} data-testid="right-tabs" data-folded={folded.length}>
      {tabs.map((t, i) =>
        shown.has(i) ? (
          <button key={t.id} data-tab={t.id} className={active === t.id ? 'active' : ''} aria-current={active === t.id ? 'page' : undefined} onClick={() => onSelect(t.id)} data-testid={`tab-${t.id}`}>
            {t.title}
          </button>
        ) : null,
      )}
      {folded.length ? <MoreTabs folded={folded} open={open} setOpen={setOpen} onPick={pick} /> : null}
    </nav>
  );
}

/** ⋯ and its menu of the panes folded out of the strip. */
function MoreTabs({ folded, open, setOpen, onPick }: { folded: readonly RightTab[]; open: boolean; setOpen: (open: boolean) => void; onPick: (id: string) => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<CSSProperties>();
  const close = useCallback(() => setOpen(false), [setOpen]);
  usePopoverDismiss(open, close, button, menu, { onResize: true });
  // Opened: the first pane in the menu has the focus.
  useLayoutEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('button')?.focus();
  }, [open]);
  const names = folded.map((t) => t.title).join(', ');
  const onKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('button') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : (at + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
    items[next]?.focus();
  };
  return (
    <>
      <button
        ref={button}
        className="right-tabs-more"
        data-testid="right-tabs-more"
        aria-label={`More panes: ${names}`}
        title={`More panes: ${names}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          const r = button.current?.getBoundingClientRect();
          if (r) setAt({ top: r.bottom + 4, right: Math.max(8, window.innerWidth - r.right) });
          setOpen(!open);
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <div ref={menu} className="right-tabs-menu" style={at} role="menu" aria-label="More panes" data-testid="right-tabs-menu" onKeyDown={onKey}>
          {folded.map((t) => (
            <button key={t.id} role="menuitem" data-testid={`tab-menu-${t.id}`} onClick={() => onPick(t.id)}>
              {t.title}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}
