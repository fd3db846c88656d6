import { Virtualizer, elementScroll, observeElementOffset, observeElementRect, type PartialKeys, type VirtualizerOptions } from '@tanstack/react-virtual';
import { useLayoutEffect, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** The options of useQuietVirtualizer: those of `useVirtualizer` for an element that scrolls. */
export type QuietVirtualizerOptions = PartialKeys<VirtualizerOptions<HTMLDivElement, Element>, 'observeElementRect' | 'observeElementOffset' | 'scrollToFn' | 'onChange'>;

/**
 * `useVirtualizer` (@tanstack/react-virtual) that leaves React out of the changes the caller
 * draws itself. The stock hook re-renders its component (synchronously, inside the scroll
 * handler) whenever the range of rows on the page changes, which a fling does every frame; here
 * each change goes first to `quiet(virtualizer)`, and only when it returns false is the component
 * re-rendered. The conversation uses it to move its sketch rows by hand while the rows React
 * draws stay as they are (ChatView). A change from measuring a row always re-renders.
 */
export function useQuietVirtualizer(options: QuietVirtualizerOptions, quiet: (v: Virtualizer<HTMLDivElement, Element>) => boolean): Virtualizer<HTMLDivElement, Element> {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const latest = useRef(quiet);
  latest.current = quiet;
  // A row measured while React commits: re-render later, never flushSync inside React's own commit.
  const measuring = useRef(false);
  const resolved: VirtualizerOptions<HTMLDivElement, Element> = {
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    ...options,
    onChange: (v, sync) => {
      if (measuring.current) {
        rerender();
        return;
      }
      if (latest.current(v)) return;
      if (sync) flushSync(rerender);
      else rerender();
    },
  };
  const [instance] = useState(() => {
    const v = new Virtualizer<HTMLDivElement, Element>(resolved);
    const measure = v.measureElement;
    v.measureElement = (node) => {
      measuring.current = true;
      try {
        measure(node);
      } finally {
        measuring.current = false;
      }
    };
    return v;
  });
  instance.setOptions(resolved);
  useLayoutEffect(() => instance._didMount(), [instance]);
  useLayoutEffect(() => instance._willUpdate());
  return instance;
}
