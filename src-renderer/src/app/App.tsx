import { SpendWarning } from '../features/usage/SpendMeter';
import { Suspense, useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { ChatView } from '../features/chat/ChatView';
import { Composer } from '../features/chat/Composer';
import { WaitingBar } from '../features/approvals/WaitingBar';
import { allowByKey, denyByKey, nextByKey } from '../features/approvals/keys';
import { dialogsSelectors } from '../store/dialogs/selectors';
import { PendingDialogs } from '../features/dialogs/PendingDialogs';
import { RestoreDialog, RestoreNotice } from '../features/chat/RestoreDialog';
import { ForkDialog } from '../features/fork/ForkDialog';
import { CompareView } from '../features/compare/CompareView';
import { Inspector } from '../features/inspector/Inspector';
import { SessionsSidebar } from '../features/sessions/SessionsSidebar';
import { SettingsPanel } from '../features/settings/SettingsPanel';
import { NoticeBanner } from './NoticeBanner';
import { discoverPanes } from './workbench-panes';
import { chatSelectors } from '../store/chat/selectors';
import { settingsSelectors } from '../store/settings/selectors';
import { notifySelectors } from '../store/notify/selectors';
import { frameSelectors } from '../store/frame/selectors';
import { badgedTitle } from '../store/notify/attention';
import { useApp, useAppStore } from '../store/app-context';
import { shortcutFor } from './shortcuts';
import { ColumnSplitter } from './ColumnSplitter';
import { TopBar } from './TopBar';
import { RightTabs } from './RightTabs';
import { gridColumns, MAX_SIDEBAR, MIN_RIGHT, MIN_SIDEBAR } from './column-layout';
import { useColumns } from './use-columns';
import { AppRequestsBar } from '../features/mcp-apps/AppRequestsBar';
import './layout.css';

// Workbench panes (issue 8) register themselves by file name; see shell/workbench-panes.ts.
const PANES = discoverPanes(import.meta.glob('../features/*/pane.tsx', { eager: true }));

/** The window: sessions | conversation | inspector and workbench panes, with dialogs and banners on top. */
export function App() {
  const store = useAppStore();
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const title = useApp(chatSelectors.title);
  const unseen = useApp(notifySelectors.unseen);
  const settingsOpen = useApp(settingsSelectors.open);
  const rightTab = useApp(frameSelectors.rightTab);
  const setRightTab = useApp((s) => s.setRightTab);
  const columns = useColumns();
  const { fitted } = columns;
  const toggleRef = useRef(columns.toggle);
  toggleRef.current = columns.toggle;
  const tabs = useMemo(() => [{ id: 'inspector', title: 'Inspector' }, ...PANES.map((p) => ({ id: p.id, title: p.title }))], []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const s = store.getState();
      const active = document.activeElement;
      const focus = !active || active === document.body ? 'none' : active === composerRef.current ? 'composer' : 'other';
      const inTerminal = !!active?.closest('.xterm');
      const action = shortcutFor(e, { running: s.agent.running, approvalsWaiting: dialogsSelectors.approvals(s).length > 0, focus, inTerminal });
      if (!action) return;
      e.preventDefault();
      switch (action) {
        case 'stop':
          void s.stopRun();
          break;
        case 'focus-search':
          searchRef.current?.focus();
          break;
        case 'send-focus':
          composerRef.current?.focus();
          break;
        case 'settings':
          s.setSettingsOpen(!s.settingsOpen);
          break;
        case 'new-session':
          // The next thing typed is the new session's task: the message box has the focus at once
          // (and again once the session is shown, in case opening it moved the focus).
          composerRef.current?.focus();
          void s.newSession().then(() => composerRef.current?.focus());
          break;
        case 'toggle-sidebar':
          toggleRef.current('sidebar');
          break;
        case 'toggle-right':
          toggleRef.current('right');
          break;
        case 'approval-allow':
          allowByKey(s);
          break;
        case 'approval-deny':
          denyByKey(s);
          break;
        case 'approval-next':
          nextByKey(s);
          break;
        case 'next-call':
        case 'prev-call': {
          // The card comes into view drawn in full, even one off the page or still a sketch.
          const id = s.stepCall(action === 'next-call' ? 'next' : 'prev');
          if (id) s.showCallInChat(id);
          break;
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);

  useEffect(() => {
    document.title = badgedTitle(title, unseen);
  }, [title, unseen]);
  useEffect(() => {
    performance.mark('glassbox:app-mounted');
  }, []);

  const ActivePane = PANES.find((p) => p.id === rightTab)?.Component;
  return (
    <div
      className={`app columns${fitted.sidebar ? '' : ' sidebar-collapsed'}${fitted.right ? '' : ' right-collapsed'}`}
      style={{ '--columns': gridColumns(fitted) } as CSSProperties}
      data-testid="app-columns"
    >
      <SessionsSidebar ref={searchRef} />
      <ColumnSplitter
        side="left"
        label="sessions"
        shortcut="Ctrl+B"
        controls="sessions-column"
        width={fitted.sidebar}
        min={MIN_SIDEBAR}
        max={MAX_SIDEBAR}
        hidden={!fitted.sidebar}
        onResize={(w) => columns.resize('sidebar', w)}
        onReset={() => columns.reset('sidebar')}
        onToggle={() => columns.toggle('sidebar')}
      />
      <main className="center" data-testid="chat-center">
        <TopBar />
        <NoticeBanner />
        <SpendWarning />
        <RestoreNotice />
        <ChatView />
        <WaitingBar />
        <AppRequestsBar />
        <Composer ref={composerRef} />
      </main>
      <ColumnSplitter
        side="right"
        label="inspector and panes"
        shortcut="Ctrl+Alt+B"
        controls="right-column"
        width={fitted.right}
        min={MIN_RIGHT}
        max={Math.max(MIN_RIGHT, Math.round(columns.windowWidth * 0.7))}
        hidden={!fitted.right}
        onResize={(w) => columns.resize('right', w)}
        onReset={() => columns.reset('right')}
        onToggle={() => columns.toggle('right')}
      />
      <section className="right" id="right-column" data-testid="right-column">
        <RightTabs tabs={tabs} active={rightTab} onSelect={setRightTab} />
        <div className="pane">
          {rightTab === 'inspector' || !ActivePane ? (
            <Inspector />
          ) : (
            // Panes load on first use: the window's first paint does not wait for a terminal or an editor.
            <Suspense fallback={<div className="muted pane-loading">Loading…</div>}>
              <ActivePane />
            </Suspense>
          )}
        </div>
      </section>
      <PendingDialogs />
      <RestoreDialog />
      <ForkDialog />
      <CompareView />
      {settingsOpen ? <SettingsPanel /> : null}
    </div>
  );
}
