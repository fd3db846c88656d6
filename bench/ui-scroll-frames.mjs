// bench/ui-scroll-frames.mjs — the page function every UI bench scrolls the conversation with.

/**
 * Runs in the page: scrolls the conversation from the bottom up, 400 px per frame. For each
 * frame it records the interval between animation frames and the main thread's work for the
 * frame: from the first scroll event it handles (listeners run before rAF callbacks) to the end
 * of that frame's rendering (a message posted from rAF is delivered after style, layout and
 * paint). That work is what has to fit in 16.7 ms for 60 fps.
 */
export function scrollFrames(count) {
  return new Promise((res) => {
    const el = document.querySelector('[data-testid="chat"]');
    const intervals = [];
    const work = [];
    let frameStart = null;
    document.addEventListener('scroll', () => (frameStart ??= performance.now()), { capture: true });
    const after = new MessageChannel();
    after.port1.onmessage = (e) => work.push(performance.now() - e.data);
    el.scrollTop = el.scrollHeight;
    let last = performance.now();
    let n = 0;
    const step = (now) => {
      intervals.push(now - last);
      last = now;
      after.port2.postMessage(frameStart ?? performance.now());
      frameStart = null;
      el.scrollTop -= 400;
      if (++n < count && el.scrollTop > 0) requestAnimationFrame(step);
      else setTimeout(() => res({ intervals: intervals.slice(2), work: work.slice(2) }), 50);
    };
    requestAnimationFrame((t) => {
      last = t;
      requestAnimationFrame(step);
    });
  });
}
