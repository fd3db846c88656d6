// bench/ui-scroll-frames.mjs — the page function every UI bench scrolls the conversation with.

/**
 * Runs in the page: scrolls the conversation from the bottom up, 400 px per frame (or `px`). For
 * each frame it records the interval between animation frames and the main thread's work for the
 * frame: from the first scroll event it handles (listeners run before rAF callbacks) to the end
 * of that frame's rendering (a message posted from rAF is delivered after style, layout and
 * paint). That work is what has to fit in 16.7 ms for 60 fps.
 *
 * `opts`: a frame count, or `{ frames, px, settle }` (`settle: false`: stop with the scrolling). Once the scrolling stops it also follows the
 * frames that fill in the rows drawn as sketches while it scrolled (`[data-sketch]`), from the
 * last scroll to the frame with none left: `settle: { ms, work }` (work per frame from the
 * frame's start), `sketched`: the most sketches seen on the page in a frame.
 */
export function scrollFrames(opts) {
  const { frames: count, px = 400, settle: follow = true } = typeof opts === 'number' ? { frames: opts } : opts;
  return new Promise((res) => {
    const el = document.querySelector('[data-testid="chat"]');
    const intervals = [];
    const work = [];
    const settle = [];
    let sketched = 0;
    let frameStart = null;
    let settling = false;
    document.addEventListener('scroll', () => (frameStart ??= performance.now()), { capture: true });
    const after = new MessageChannel();
    after.port1.onmessage = (e) => (settling ? settle : work).push(performance.now() - e.data);
    el.scrollTop = el.scrollHeight;
    let last = performance.now();
    let n = 0;
    let stopped = 0;
    const sketches = () => {
      const k = el.querySelectorAll('[data-sketch]').length;
      sketched = Math.max(sketched, k);
      return k;
    };
    // After the last scroll: one frame after another until no sketch is left (at most 10 s).
    const settleStep = (now) => {
      after.port2.postMessage(now);
      if (follow && sketches() && performance.now() - stopped < 10_000) requestAnimationFrame(settleStep);
      else setTimeout(() => res({ intervals: intervals.slice(2), work: work.slice(2), settle: { ms: performance.now() - stopped, work: settle }, sketched }), 50);
    };
    const step = (now) => {
      intervals.push(now - last);
      last = now;
      after.port2.postMessage(frameStart ?? performance.now());
      frameStart = null;
      sketches();
      el.scrollTop -= px;
      if (++n < count && el.scrollTop > 0) requestAnimationFrame(step);
      else
        requestAnimationFrame((t) => {
          // The last scrolled frame's message is delivered before this frame starts.
          settling = true;
          stopped = performance.now();
          settleStep(t);
        });
    };
    requestAnimationFrame((t) => {
      last = t;
      requestAnimationFrame(step);
    });
  });
}
