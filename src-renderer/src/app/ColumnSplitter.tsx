import { useRef } from 'react';

/**
 * A splitter between two columns, or between two panes stacked in a column (a focusable
 * `separator`): drag it, or focus it and use the arrow keys (←/→ for a column, ↑/↓ for a pane
 * above it; Shift: bigger steps), Home/End (smallest, biggest); a double-click gives the side its
 * default size back; the button on it (or Enter), where it has `onToggle`, hides or shows the
 * side. `side` says which part it sizes: the column on its left (the sessions), the one on its
 * right (inspector and panes), or the pane above it (`top`: the inspector's call list).
 */
export function ColumnSplitter({
  side,
  width,
  min,
  max,
  hidden = false,
  label,
  shortcut,
  controls,
  testName,
  onResize,
  onReset,
  onToggle,
}: {
  side: 'left' | 'right' | 'top';
  /** The size shown now, in px (0 while hidden): a width, or for `top` a height. */
  width: number;
  min: number;
  max: number;
  hidden?: boolean;
  label: string;
  /** The keyboard shortcut that hides/shows the side, for the tooltip. */
  shortcut?: string;
  /** The id of the part it sizes. */
  controls: string;
  /** Names its test ids (`splitter-<name>`, `toggle-<name>`); default `sidebar` / `right`. */
  testName?: string;
  onResize: (size: number) => void;
  onReset: () => void;
  /** Hides or shows the side; without it the splitter has no button and Enter does nothing. */
  onToggle?: () => void;
}) {
  const start = useRef<{ at: number; size: number } | null>(null);
  const vertical = side !== 'top';
  // Moving right (or down) makes the left column (or the pane above) bigger, the right one smaller.
  const sign = side === 'right' ? -1 : 1;
  const arrow = (side === 'left') !== hidden ? '‹' : '›';
  const name = testName ?? (side === 'left' ? 'sidebar' : 'right');
  const toggleTitle = `${hidden ? 'Show' : 'Hide'} ${label}${shortcut ? ` (${shortcut})` : ''}`;
  const dragging = vertical ? 'column-dragging' : 'row-dragging';
  const pos = (e: { clientX: number; clientY: number }): number => (vertical ? e.clientX : e.clientY);
  const stop = (): void => {
    start.current = null;
    document.documentElement.classList.remove(dragging);
  };
  return (
    <div
      className={`column-splitter splitter-${side}${hidden ? ' collapsed' : ''}`}
      role="separator"
      // A separator's orientation is that of the line it draws: a column's splitter is a vertical line.
      aria-orientation={vertical ? 'vertical' : 'horizontal'}
      aria-label={`Resize ${label}`}
      aria-controls={controls}
      aria-valuenow={hidden ? 0 : width}
      aria-valuemin={hidden ? 0 : min}
      aria-valuemax={max}
      title={hidden ? undefined : `Drag to resize ${label}; double-click for the default ${vertical ? 'width' : 'height'}`}
      tabIndex={0}
      data-testid={`splitter-${name}`}
      onPointerDown={(e) => {
        if ((e.target as HTMLElement).closest('button') || hidden || e.button !== 0) return;
        start.current = { at: pos(e), size: width };
        (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
        document.documentElement.classList.add(dragging);
      }}
      onPointerMove={(e) => {
        if (start.current) onResize(start.current.size + sign * (pos(e) - start.current.at));
      }}
      onPointerUp={stop}
      onPointerCancel={stop}
      onDoubleClick={(e) => {
        if ((e.target as HTMLElement).closest('button') || hidden) return;
        onReset();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          if ((e.target as HTMLElement).closest('button') || !onToggle) return;
          e.preventDefault();
          onToggle();
          return;
        }
        if (hidden) return;
        const step = e.shiftKey ? 96 : 24;
        const [less, more] = vertical ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
        let next: number | undefined;
        if (e.key === less || e.key === more) next = width + sign * (e.key === more ? step : -step);
        else if (e.key === 'Home') next = min;
        else if (e.key === 'End') next = max;
        if (next === undefined) return;
        e.preventDefault();
        onResize(next);
      }}
    >
      {onToggle ? (
        <button
          className="column-toggle"
          data-testid={`toggle-${name}`}
          title={toggleTitle}
          aria-label={toggleTitle}
          aria-expanded={!hidden}
          aria-controls={controls}
          onClick={onToggle}
        >
          {arrow}
        </button>
      ) : null}
    </div>
  );
}
