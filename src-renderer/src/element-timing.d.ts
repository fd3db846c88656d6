// The Element Timing API's attribute (https://wicg.github.io/element-timing/): the browser
// records when an element so marked is first painted (PerformanceObserver type 'element').
// Tool-call cards carry it so "time to first card painted" is the browser's own measurement.
import 'react';

declare module 'react' {
  // Merging with React's own declaration: the type parameter must keep its name.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
