import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { ExportMenu } from '../features/sessions/ExportMenu';
import { NotifyPermission } from '../features/usage/NotifyPermission';
import { SessionUsage, UsageTotals } from '../features/usage/SessionUsage';
import { SpendMeter, SpendSummary } from '../features/usage/SpendMeter';
import { TraceLink } from '../features/usage/TraceLink';
import { useApp, useAppStore } from '../store/app-context';
import { chatSelectors } from '../store/chat/selectors';
import { foldLevelFor, MAX_FOLD_LEVEL, topBarFold, type TopBarFold } from './top-bar-fold';
import { usePopoverDismiss } from './use-popover-dismiss';

/**
 * The conversation's top bar, always one line: the session's title, its run state, model, spend
 * and the sandbox warning, Export and Settings; what does not fit the width folds into *More*
 * (⋯) — see `top-bar-fold.ts`.
 */
export function TopBar() {
  const store = useAppStore();
  const running = useApp(chatSelectors.running);
  const sandbox = useApp(chatSelectors.sandbox);
  const title = useApp(chatSelectors.title);
  const bar = useRef<HTMLElement>(null);
  const [level, setLevel] = useState(MAX_FOLD_LEVEL);
  // A new width starts again from the level it suggests…
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    let last = -1;
    const measure = (): void => {
      if (el.clientWidth === last) return;
      last = el.clientWidth;
      const cs = getComputedStyle(el);
      setLevel(foldLevelFor(el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // …and where what the bar holds still does not fit, it folds one more level before the
  // browser paints (a layout effect's state change renders again at once).
  useLayoutEffect(() => {
    const el = bar.current;
    if (el && level < MAX_FOLD_LEVEL && el.scrollWidth > el.clientWidth + 1) setLevel(level + 1);
  });
  const fold = topBarFold(level);
  return (
    <header className={`topbar${fold.compact ? ' compact' : ''}`} ref={bar} data-testid="topbar" data-fold={fold.menu ? 'menu' : 'none'}>
      <span className="session-name" data-testid="session-title" title={title}>{title}</span>
      <span className={`run-state ${running ? 'on' : ''}`} data-testid="run-state" role="status" title={running ? 'The agent is working' : 'Idle'}>
        {fold.compact ? (
          <>
            <span className="run-dot" aria-hidden="true" />
            <span className="visually-hidden">{running ? 'working…' : 'idle'}</span>
          </>
        ) : running ? (
          'working…'
        ) : (
          'idle'
        )}
      </span>
      <SessionUsage totals={fold.totalsInline} />
      <SpendMeter rate={fold.rateInline} bar={!fold.compact} />
      {sandbox && !sandbox.active && (
        <span
          className="unsandboxed-badge"
          data-testid="unsandboxed"
          title={`unsandboxed: bash and python_execute run with your full rights: ${sandbox.reason ?? 'no OS sandbox'}`}
        >
          {fold.compact ? (
            <>
              <span aria-hidden="true">⚠</span>
              <span className="visually-hidden">unsandboxed</span>
            </>
          ) : (
            'unsandboxed'
          )}
        </span>
      )}
      {fold.traceInline ? <TraceLink /> : null}
      {fold.notifyInline ? <NotifyPermission /> : null}
      <ExportMenu icon={fold.icons} />
      <button
        className={`link-button${fold.icons ? ' icon-button' : ''}`}
        data-testid="open-settings"
        aria-label="Settings"
        onClick={() => store.getState().setSettingsOpen(true)}
        title="Settings (Ctrl+,)"
      >
        {fold.icons ? <span aria-hidden="true">⚙</span> : 'Settings'}
      </button>
      {fold.menu ? <MoreMenu fold={fold} /> : null}
    </header>
  );
}

/** ⋯: what the top bar folded for want of room, in a popover under the button. */
function MoreMenu({ fold }: { fold: TopBarFold }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const [at, setAt] = useState<CSSProperties>();
  const button = useRef<HTMLButtonElement>(null);
  const pop = useRef<HTMLDivElement>(null);
  // Esc, a press outside (the export dialog, the model picker… are outside) or a resize closes it.
  usePopoverDismiss(open, close, button, pop, { onResize: true });
  return (
    <>
      <button
        ref={button}
        className="link-button icon-button"
        data-testid="topbar-more"
        aria-label="More: usage, trace and notifications"
        title="More: usage, trace and notifications"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          const r = button.current?.getBoundingClientRect();
          if (r) setAt({ top: r.bottom + 4, right: Math.max(8, window.innerWidth - r.right) });
          setOpen(!open);
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <div
          ref={pop}
          className="topbar-more"
          style={at}
          role="dialog"
          aria-label="More about this session"
          data-testid="topbar-more-menu"
        >
          {!fold.totalsInline ? (
            <div className="topbar-more-row">
              <span className="label">Usage</span> <UsageTotals />
            </div>
          ) : null}
          {!fold.rateInline ? (
            <div className="topbar-more-row">
              <SpendSummary />
            </div>
          ) : null}
          {!fold.traceInline ? (
            <div className="topbar-more-row">
              <TraceLink />
            </div>
          ) : null}
          {!fold.notifyInline ? (
            <div className="topbar-more-row">
              <NotifyPermission />
            </div>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
