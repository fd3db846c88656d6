import { useRef } from 'react';

/**
 * A draggable (and keyboard) splitter between two columns, with a button that collapses or
 * opens the side it belongs to. `side` says which column it sizes: the one on its left or right.
 */
export function ColumnSplitter({
  side,
  width,
  collapsed,
  label,
  onResize,
  onToggle,
}: {
  side: 'left' | 'right';
  width: number;
  collapsed: boolean;
  label: string;
  onResize: (width: number) => void;
  onToggle: () => void;
}) {
  const start = useRef<{ x: number; w: number } | null>(null);
  const sign = side === 'left' ? 1 : -1;
  const arrow = (side === 'left') !== collapsed ? '‹' : '›';
  return (
    <div
      className={`column-splitter${collapsed ? ' collapsed' : ''}`}
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label}`}
      aria-valuenow={collapsed ? 0 : width}
      tabIndex={0}
      data-testid={`splitter-${side === 'left' ? 'sidebar' : 'right'}`}
      onPointerDown={(e) => {
        if ((e.target as HTMLElement).closest('button') || collapsed) return;
        start.current = { x: e.clientX, w: width };
        (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (start.current) onResize(start.current.w + sign * (e.clientX - start.current.x));
      }}
      onPointerUp={() => (start.current = null)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
          e.preventDefault();
          onResize(width + sign * (e.key === 'ArrowRight' ? 24 : -24));
        } else if (e.key === 'Enter') onToggle();
      }}
    >
      <button className="column-toggle" data-testid={`toggle-${side === 'left' ? 'sidebar' : 'right'}`} title={`${collapsed ? 'Show' : 'Hide'} ${label}`} aria-label={`${collapsed ? 'Show' : 'Hide'} ${label}`} onClick={onToggle}>
        {arrow}
      </button>
    </div>
  );
}
