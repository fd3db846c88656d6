import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';
import { DEFAULT_LIST_SHARE, listHeight, loadListShare, maxListHeight, MIN_LIST, saveListShare, shareFor } from './inspector-split';

/** The inspector's list/details split as shown now, and what its splitter does to it. */
export interface InspectorSplit {
  /** The list's height (px) in the container as it is now. */
  list: number;
  min: number;
  max: number;
  resize(height: number): void;
  reset(): void;
}

/**
 * The split of `container` (the list, the splitter and the details): the user's share, kept for
 * the next visit, applied to the container's height as it changes.
 */
export function useInspectorSplit(container: RefObject<HTMLElement | null>): InspectorSplit {
  const [share, setShare] = useState(loadListShare);
  const [total, setTotal] = useState(0);
  useLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    setTotal(el.clientHeight);
    const observer = new ResizeObserver(() => setTotal(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [container]);
  const choose = useCallback((next: number) => {
    setShare(next);
    saveListShare(next);
  }, []);
  return {
    list: listHeight(share, total),
    min: MIN_LIST,
    max: maxListHeight(total),
    resize: useCallback((height: number) => choose(shareFor(height, container.current?.clientHeight ?? 0)), [choose, container]),
    reset: useCallback(() => choose(DEFAULT_LIST_SHARE), [choose]),
  };
}
