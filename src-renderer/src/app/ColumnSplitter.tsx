import { useRef } from 'react';

/**
 * A splitter between two columns (a focusable `separator`): drag it, or focus it and use ←/→
 * (Shift: bigger steps), Home/End (narrowest, widest); a double-click gives the side its default
 * width back; the button on it (or Enter) hides or shows the side. `side` says which column it
 * sizes: the one on its left (the sessions) or on its right (inspector and panes).
 */
export function ColumnSplitter({
  side,
  width,
  min,
  max,
  hidden,
  label,
  shortcut,
  controls,
  onResize,
  onReset,
  onToggle,
}: {
  side: 'left' | 'right';
  /** The width shown now (0 while hidden). */
  width: number;
  min: number;
  max: number;
  hidden: boolean;
  label: string;
  /** The keyboard shortcut that hides/shows the side, for the tooltip. */
  shortcut: string;
  /** The id of the column it sizes. */
  controls: string;
  onResize: (width: number) => void;
  onReset: () => void;
  onToggle: () => void;
}) {
  const start = useRef<{ x: number; w: number } | null>(null);
  const sign = side === 'left' ? 1 : -1;
  const arrow = (side === 'left') !== hidden ? '‹' : '›';
  const name = side === 'left' ? 'sidebar' : 'right';
  const toggleTitle = `${hidden ? 'Show' : 'Hide'} ${label} (${shortcut})`;
  return (
    <div
      className={`column-splitter splitter-${side}${hidden ? ' collapsed' : ''}`}
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label}`}
      aria-controls={controls}
      aria-valuenow={hidden ? 0 : width}
      aria-valuemin={hidden ? 0 : min}
      aria-valuemax={max}
      title={hidden ? undefined : `Drag to resize ${label}; double-click for the default width`}
      tabIndex={0}
      data-testid={`splitter-${name}`}
      onPointerDown={(e) => {
        if ((e.target as HTMLElement).closest('button') || hidden || e.button !== 0) return;
        start.current = { x: e.clientX, w: width };
        (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
        document.documentElement.classList.add('column-dragging');
      }}
      onPointerMove={(e) => {
        if (start.current) onResize(start.current.w + sign * (e.clientX - start.current.x));
      }}
      onPointerUp={() => {
        start.current = null;
        document.documentElement.classList.remove('column-dragging');
      }}
      onPointerCancel={() => {
        start.current = null;
        document.documentElement.classList.remove('column-dragging');
      }}
      onDoubleClick={(e) => {
        if ((e.target as HTMLElement).closest('button') || hidden) return;
        onReset();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          if ((e.target as HTMLElement).closest('button')) return;
          e.preventDefault();
          onToggle();
          return;
        }
        if (hidden) return;
        const step = e.shiftKey ? 96 : 24;
        let next: number | undefined;
        if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') next = width + sign * (e.key === 'ArrowRight' ? step : -step);
        else if (e.key === 'Home') next = min;
        else if (e.key === 'End') next = max;
        if (next === undefined) return;
        e.preventDefault();
        onResize(next);
      }}
    >
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
    </div>
  );
}
