import { buildAllowAttribute } from '@modelcontextprotocol/ext-apps/app-bridge';
import { memo, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { VIEW_HEIGHT, type AppViewRef, type AppViewResource } from '../../../../src-shared/apps/view-types';
import type { CallDetail } from '../../../../src-shared/contract/views';
import { useApp, useAppStore } from '../../store/app-context';
import { appResourceKey } from '../../store/apps/state';
import { callsSelectors } from '../../store/calls/selectors';
import { sandboxSrc, viewRefOf } from './view-ref';
import { ViewConnection } from './view-connection';
import './mcp-apps.css';

/** How long a view may take to start (a large one parses for seconds on a busy machine) before the card says it has not. */
const STALL_MS = 20_000;

/** Heights views asked for, by call: a view scrolled away and back comes back at its size (no jump). */
const heights = new Map<string, number>();

function prefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

/** How long the conversation must rest before a view that came into sight starts (a view's page parses on the window's thread). */
const MOUNT_IDLE_MS = 150;

/**
 * Whether the view in `el` should run: once `el` is inside the conversation's viewport and the
 * scrolling has rested for MOUNT_IDLE_MS, until it leaves the viewport. Starting a view costs
 * its whole page's parse, so views that fly past while the user scrolls never start, and a
 * view out of sight is torn down (not kept alive in the virtualizer's overscan). Without a
 * scrolling conversation around it (or IntersectionObserver) the view runs at once.
 */
function useLiveWhileSeen(el: RefObject<HTMLElement | null>, shown: boolean): boolean {
  const [seen, setSeen] = useState(false);
  const [live, setLive] = useState(false);
  useEffect(() => {
    // Nothing rendered yet (the call is still running): observe once the slot is there.
    if (!shown) return;
    const node = el.current;
    const root = node?.closest('.chat-scroll');
    if (!node || !root || typeof IntersectionObserver === 'undefined') return setSeen(true);
    const io = new IntersectionObserver((entries) => setSeen(entries.some((e) => e.isIntersecting)), { root });
    io.observe(node);
    return () => io.disconnect();
  }, [el, shown]);
  useEffect(() => {
    if (!seen) return setLive(false);
    if (live) return;
    const root = el.current?.closest('.chat-scroll');
    let idle: number | undefined;
    // Then at the window's next idle moment: never inside the frame that paints the conversation.
    const start = (): void => {
      idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(() => setLive(true), { timeout: 1000 }) : undefined;
      if (idle === undefined) setLive(true);
    };
    let timer = setTimeout(start, root ? MOUNT_IDLE_MS : 0);
    const onScroll = (): void => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
      idle = undefined;
      timer = setTimeout(start, MOUNT_IDLE_MS);
    };
    root?.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
      root?.removeEventListener('scroll', onScroll);
    };
  }, [seen, live, el]);
  return live;
}

/**
 * The view of a call whose tool has one (MCP Apps), under its card; nothing for other calls.
 * The view runs only while it is in sight (see useLiveWhileSeen); otherwise its place is held
 * at its last size, so the conversation does not jump.
 */
export function AppViewSlot({ call }: { call: CallDetail }) {
  const ref = viewRefOf(call);
  const holder = useRef<HTMLDivElement>(null);
  // A view's own call answers the view; it does not open another view under its card.
  const shown = !!ref && !!call.result && call.status !== 'running' && call.origin !== 'app';
  const live = useLiveWhileSeen(holder, shown);
  if (!ref || !shown) return null;
  return (
    <div ref={holder} className="app-view-slot">
      {live ? (
        <AppView call={call} viewRef={ref} />
      ) : (
        <div className="app-view app-view-pending" data-testid="app-view-pending" data-server={ref.server} style={{ height: heights.get(call.callId) ?? VIEW_HEIGHT.initial }}>
          <div className="app-view-bar">
            <span className="app-view-title">View of {ref.tool} (MCP server {ref.server})</span>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * The view of a call made by hand from the MCP pane's tool form: the same sandbox and path as
 * under a card, lower and without fullscreen. Nothing until the call is recorded with a view.
 */
export function CallAppView({ callId }: { callId: string }) {
  useApp(callsSelectors.version);
  const call = useApp(callsSelectors.callById(callId));
  const ref = viewRefOf(call);
  if (!call || !ref || !call.result || call.status === 'running') return null;
  return <AppView call={call} viewRef={ref} compact />;
}

/** True when two reads of a view's resource would render the same view. */
function sameView(a: AppViewResource, b: AppViewResource): boolean {
  return a.html === b.html && JSON.stringify(a.csp) === JSON.stringify(b.csp) && JSON.stringify(a.permissions) === JSON.stringify(b.permissions);
}

/**
 * One live view: the server's HTML in a frame on the sandbox's own origin (never this page's),
 * connected through the SDK's AppBridge (ViewConnection). Torn down when the card leaves (scrolled
 * out of the virtualized chat, session switched). A view from a recorded session waits behind
 * a cover until the user clicks it before it may call tools. When the server says the view's
 * resource changed (`resources/updated`), it is read again and, if its HTML or policy differ,
 * the view is torn down and started afresh in a new frame with the same input and result.
 * `compact` (the MCP pane's tool form): a lower box and no fullscreen.
 */
export const AppView = memo(function AppView({ call, viewRef, compact }: { call: CallDetail; viewRef: AppViewRef; compact?: boolean }) {
  const store = useAppStore();
  const sandboxUrl = useApp((s) => s.appSandboxUrl);
  const loadSandbox = useApp((s) => s.loadAppSandbox);
  const readResource = useApp((s) => s.readAppResource);
  const fullscreen = useApp((s) => !compact && s.appFullscreen === call.callId);
  const version = useApp((s) => s.appResourceVersions[appResourceKey(viewRef.server, viewRef.resourceUri)] ?? 0);
  const setFullscreen = useApp((s) => s.setAppFullscreen);
  const recorded = useApp((s) => call.startedAt < s.appWindowOpenedAt);
  const [resource, setResource] = useState<AppViewResource | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [height, setHeight] = useState(() => heights.get(call.callId) ?? VIEW_HEIGHT.initial);
  const [interacted, setInteracted] = useState(false);
  const [closed, setClosed] = useState(false);
  // 'starting' until the view's handshake; 'stalled' when it has not come in STALL_MS.
  const [phase, setPhase] = useState<'starting' | 'running' | 'stalled'>('starting');
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [cover, setCover] = useState<CSSProperties | undefined>(undefined);
  const session = useRef<ViewConnection | null>(null);
  const interactedRef = useRef(false);
  interactedRef.current = interacted;

  useEffect(() => void loadSandbox(), [loadSandbox]);
  useEffect(() => {
    let live = true;
    readResource(viewRef.server, viewRef.resourceUri).then(
      (r) => {
        if (!live) return;
        setError(null);
        // An update that changes nothing keeps the running view (and what the user did in it).
        setResource((old) => (old && sameView(old, r) ? old : r));
      },
      (err: unknown) => live && setError(String((err as Error)?.message ?? err)),
    );
    return () => {
      live = false;
    };
  }, [readResource, viewRef.server, viewRef.resourceUri, version]);

  const src = resource && sandboxUrl ? sandboxSrc(sandboxUrl, resource.csp, location.origin, location.hostname) : null;
  useEffect(() => {
    const iframe = frame.current;
    if (!iframe || !resource || !src || closed) return;
    const s = store.getState();
    const view = new ViewConnection({
      iframe,
      ref: viewRef,
      resource,
      call,
      recorded,
      interacted: () => interactedRef.current,
      context: { theme: prefersDark() ? 'dark' : 'light', locale: navigator.language || 'en', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, displayMode: 'inline', width: iframe.clientWidth || 600, inlineOnly: !!compact },
      host: {
        callTool: (viewOf, tool, args) => s.callAppTool(viewOf, tool, args),
        traffic: (server, entries) => s.logAppTraffic(server, entries),
        setModelContext: (viewOf, text) => s.setAppModelContext(viewOf, text),
        queueMessage: (id, server, text) => s.queueAppMessage(id, server, text),
        askLink: (id, server, url) => s.askAppLink(id, server, url),
        resize: (h) => {
          heights.set(call.callId, h);
          setHeight(h);
        },
        setDisplayMode: (mode) => (compact ? undefined : s.setAppFullscreen(mode === 'fullscreen' ? call.callId : null)),
        close: () => setClosed(true),
        started: () => setPhase('running'),
      },
    });
    setPhase('starting');
    const stall = setTimeout(() => setPhase((p) => (p === 'starting' ? 'stalled' : p)), STALL_MS);
    session.current = view;
    view.start().catch((err: unknown) => setError(`The view could not start: ${String((err as Error)?.message ?? err)}`));
    const dark = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
    const onTheme = (): void => view.setContext({ theme: prefersDark() ? 'dark' : 'light' });
    dark?.addEventListener('change', onTheme);
    return () => {
      clearTimeout(stall);
      dark?.removeEventListener('change', onTheme);
      session.current = null;
      void view.teardown();
      if (store.getState().appFullscreen === call.callId) store.getState().setAppFullscreen(null);
    };
    // The call's identity and result are what the view was started with; a new result is a new view.
  }, [resource, src, closed, call.callId, call.result]);

  useEffect(() => session.current?.setContext({ displayMode: fullscreen ? 'fullscreen' : 'inline' }), [fullscreen]);
  // Fullscreen fills the conversation pane. Chat rows are placed with transforms, under which
  // `position: fixed` is the row's box, so the view is laid over the pane by measure instead
  // (the frame stays where it is: moving it would reload the view).
  useLayoutEffect(() => {
    const el = box.current;
    if (!fullscreen || !el) return setCover(undefined);
    const scroller = el.closest('.chat-scroll') as HTMLElement | null;
    const parent = el.offsetParent as HTMLElement | null;
    if (!scroller || !parent) return setCover(undefined);
    const place = (): void => {
      const p = parent.getBoundingClientRect();
      const r = scroller.getBoundingClientRect();
      setCover({ position: 'absolute', top: r.top - p.top, left: r.left - p.left, width: scroller.clientWidth, height: scroller.clientHeight, inset: 'auto' });
    };
    scroller.classList.add('app-view-locked');
    place();
    window.addEventListener('resize', place);
    return () => {
      scroller.classList.remove('app-view-locked');
      window.removeEventListener('resize', place);
    };
  }, [fullscreen]);

  const label = `View of ${viewRef.tool} (MCP server ${viewRef.server})`;
  if (closed) return <div className="app-view-note muted" data-testid="app-view-closed">The view closed itself.</div>;
  if (error) return <div className="app-view-note" data-testid="app-view-error">View unavailable: {error}</div>;
  if (sandboxUrl === null) return <div className="app-view-note muted" data-testid="app-view-error">This window has no view sandbox: the view of {viewRef.tool} is not shown.</div>;
  return (
    <div
      className={`app-view${fullscreen ? ' app-view-fullscreen' : ''}${resource?.prefersBorder === false ? ' app-view-borderless' : ''}`}
      data-testid="app-view"
      data-call-id={call.callId}
      data-server={viewRef.server}
      data-read-at={resource?.readAt}
      data-phase={src ? phase : 'reading'}
      data-height={height}
      ref={box}
      style={fullscreen ? cover : { height: compact ? Math.min(height, 480) : height }}
    >
      <div className="app-view-bar">
        <span className="app-view-title">{label}</span>
        {recorded ? <span className="call-source" title="Shown from the recorded input and result">recorded</span> : null}
        {compact ? null : (
          <button className="link-button" data-testid="app-view-fullscreen" onClick={() => setFullscreen(fullscreen ? null : call.callId)}>
            {fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
          </button>
        )}
      </div>
      {src ? (
        <iframe
          // A new resource is a new frame: the sandbox proxy takes one view's HTML per page.
          key={resource?.readAt}
          ref={frame}
          className="app-view-frame"
          data-testid="app-view-frame"
          title={label}
          src={src}
          sandbox="allow-scripts allow-same-origin allow-forms"
          allow={buildAllowAttribute(resource?.permissions)}
          referrerPolicy="no-referrer"
        />
      ) : (
        <div className="app-view-loading muted">Loading the view…</div>
      )}
      {src && phase !== 'running' ? (
        <div className={`app-view-starting${phase === 'stalled' ? ' stalled' : ''}`} data-testid="app-view-starting" role="status">
          {phase === 'stalled'
            ? `The view has not started (no answer to the window after ${STALL_MS / 1000} s). Its messages are in the server's Traffic.`
            : `Starting the view (${resource ? Math.round(resource.html.length / 1024) : 0} KB)…`}
        </div>
      ) : null}
      {recorded && !interacted && src ? (
        <button className="app-view-cover" data-testid="app-view-cover" onClick={() => setInteracted(true)} title="This view is shown from the recording. Click to use it: it may then call its server's tools.">
          <span>Recorded view — click to use it</span>
        </button>
      ) : null}
    </div>
  );
});
