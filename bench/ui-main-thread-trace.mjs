// bench/ui-main-thread-trace.mjs — a page's main-thread work per frame from a Chromium trace.
//
// The in-page measure (first bridge message of a frame → that frame painted) also counts the
// idle wait between a message and the next vsync, up to a whole frame however little ran. This
// counts what the renderer's main thread actually ran: the toplevel tasks (RunTask: message
// handling, React, rAF callbacks, style, layout, paint) from one frame's start to the next.

/** Starts a browser-wide trace (plus `extra` categories); `stop()` returns the trace events. */
export async function startTrace(browser, extra = []) {
  const cdp = await browser.newBrowserCDPSession();
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata', ...extra] },
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
  const { mine, thread, starts } = pageThread(events, tag);
  const threadOf = (t) => threadKey(events, t);
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

function threadKey(events, tag) {
  const e = events.find((x) => x.name === 'TimeStamp' && x.args?.data?.message === tag);
  return e ? `${e.pid}:${e.tid}` : undefined;
}

/** The events of the main thread of the page tagged `tag`, in time order, and its frames' starts. */
function pageThread(events, tag) {
  const thread = threadKey(events, tag);
  if (thread === undefined) throw new Error(`page ${tag} not found in the trace`);
  const [pid, tid] = thread.split(':').map(Number);
  const mine = events.filter((e) => e.pid === pid && e.tid === tid).sort((x, y) => x.ts - y.ts || (y.dur ?? 0) - (x.dur ?? 0));
  // A frame starts where Blink's AnimationFrame begins (the event the long-animation-frame API reports).
  const starts = mine.filter((e) => e.name === 'AnimationFrame' && e.ph === 'b').map((e) => e.ts);
  return { mine, thread, starts };
}

/** What kind of work a trace event is; undefined: counted as its parent's kind. */
function kindOf(name) {
  if (/^(FunctionCall|EvaluateScript|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|v8\.|V8\.Execute|V8\.Run|ScheduledAction|FireIdleCallback|HandlePostMessage)/.test(name)) return 'script';
  if (/GC|Sweep|Mark|Scavenge/.test(name)) return 'gc';
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation)/.test(name)) return 'style';
  if (/^(Layout|UpdateLayout|LayoutShift|IntersectionObserverController|ResizeObserver)/.test(name)) return name.startsWith('ResizeObserver') ? 'resize observers' : name.startsWith('Intersection') ? 'intersection observers' : 'layout';
  if (/^(Paint|PrePaint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintImage|RasterTask|UpdateLayerTree|Decode)/.test(name)) return 'paint + compositing';
  if (/^(ParseHTML|HTMLDocumentParser)/.test(name)) return 'html parsing';
  return undefined;
}

/**
 * The main-thread work per frame of the page tagged `tag` split by kind (self time of its trace
 * events: script, style, layout, paint + compositing, gc, …; what no known event covers inside a
 * task is "other"). Returns `{ work, kinds, names, cpu, cpuKinds, cpuNames }`: `kinds[kind][frame]`
 * in ms of wall time, `names[event]` the mean self time per frame of each trace event name; `cpu`,
 * `cpuKinds` and `cpuNames` the same in the thread's CPU time (the trace's thread clock: what the thread ran,
 * without the waits of a loaded machine, e.g. a commit waiting for the compositor thread).
 */
export function breakdownPerFrame(events, tag) {
  const { mine, starts } = pageThread(events, tag);
  const { work } = workPerFrame(events, tag);
  const kinds = {};
  const cpuKinds = {};
  const names = {};
  const cpuNames = {};
  const cpu = new Array(work.length).fill(0);
  const add = (top) => {
    const { kind, frame, name } = top;
    (kinds[kind] ??= new Array(work.length).fill(0))[frame] += Math.max(0, top.self) / 1000;
    (cpuKinds[kind] ??= new Array(work.length).fill(0))[frame] += Math.max(0, top.tself) / 1000;
    names[name] = (names[name] ?? 0) + Math.max(0, top.self) / 1000 / work.length;
    cpuNames[name] = (cpuNames[name] ?? 0) + Math.max(0, top.tself) / 1000 / work.length;
    cpu[frame] += Math.max(0, top.tself) / 1000;
  };
  // Complete events nest by time: a stack gives each its self time and inherited kind.
  const stack = [];
  let frame = -1;
  const close = (until) => {
    while (stack.length && stack.at(-1).end <= until) {
      const top = stack.pop();
      if (top.frame >= 0 && top.frame < work.length) add(top);
    }
  };
  for (const e of mine) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    close(e.ts);
    while (frame + 1 < starts.length && starts[frame + 1] <= e.ts) frame++;
    const parent = stack.at(-1);
    const top = e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';
    const kind = kindOf(e.name) ?? parent?.kind ?? (top ? 'other' : undefined);
    if (!kind) continue; // not inside a task
    const tdur = e.tdur ?? e.dur;
    if (parent) {
      parent.self -= e.dur;
      parent.tself -= tdur;
    }
    stack.push({ end: e.ts + e.dur, self: e.dur, tself: tdur, kind, name: e.name, frame: parent ? parent.frame : frame });
  }
  close(Infinity);
  return { work, kinds, names, cpu, cpuKinds, cpuNames };
}
