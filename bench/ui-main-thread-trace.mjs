// bench/ui-main-thread-trace.mjs — a page's main-thread work per frame from a Chromium trace.
//
// The in-page measure (first bridge message of a frame → that frame painted) also counts the
// idle wait between a message and the next vsync, up to a whole frame however little ran. This
// counts what the renderer's main thread actually ran: the toplevel tasks (RunTask: message
// handling, React, rAF callbacks, style, layout, paint) from one frame's start to the next.

/** Starts a browser-wide trace; `stop()` returns the trace events. */
export async function startTrace(browser) {
  const cdp = await browser.newBrowserCDPSession();
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata'] },
  });
  return {
    async stop() {
      const done = new Promise((res) => cdp.once('Tracing.tracingComplete', res));
      await cdp.send('Tracing.end');
      await done;
      await cdp.detach();
      return events;
    },
  };
}

/** Marks the page's main thread in the running trace with `tag` (to find it among the renderers). */
export async function tagPage(page, tag) {
  await page.evaluate((t) => console.timeStamp(t), tag);
}

/**
 * Work per frame (ms) on the main thread of the page tagged `tag` (tagPage): the summed duration
 * of its toplevel tasks begun from one frame's start (AnimationFrame) to the next. Also says
 * whether a page tagged with one of `otherTags` shared that thread.
 */
export function workPerFrame(events, tag, otherTags = []) {
  const threadOf = (t) => {
    const e = events.find((x) => x.name === 'TimeStamp' && x.args?.data?.message === t);
    return e ? `${e.pid}:${e.tid}` : undefined;
  };
  const thread = threadOf(tag);
  if (thread === undefined) throw new Error(`page ${tag} not found in the trace`);
  const [pid, tid] = thread.split(':').map(Number);
  const mine = events.filter((e) => e.pid === pid && e.tid === tid).sort((x, y) => x.ts - y.ts);
  // A frame starts where Blink's AnimationFrame begins (the event the long-animation-frame API reports).
  const starts = mine.filter((e) => e.name === 'AnimationFrame' && e.ph === 'b').map((e) => e.ts);
  // Toplevel tasks (two nested names for one task in current Chromium): merged into busy spans.
  const spans = [];
  for (const e of mine) {
    if (e.ph !== 'X' || (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask')) continue;
    const end = e.ts + (e.dur ?? 0);
    const last = spans.at(-1);
    if (last && e.ts <= last[1]) last[1] = Math.max(last[1], end);
    else spans.push([e.ts, end]);
  }
  const work = [];
  let t = 0;
  for (let i = 0; i + 1 < starts.length; i++) {
    let sum = 0;
    while (t < spans.length && spans[t][0] < starts[i]) t++;
    for (let j = t; j < spans.length && spans[j][0] < starts[i + 1]; j++) sum += spans[j][1] - spans[j][0];
    work.push(sum / 1000);
  }
  return { work, sharedThread: otherTags.some((o) => threadOf(o) === thread) };
}
