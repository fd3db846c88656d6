import { useEffect, useRef } from 'react';
import { FitAddon } from '@xterm/addon-fit';
import { WebLinksAddon } from '@xterm/addon-web-links';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useApp } from '../../store/app-context';
import { terminalSelectors } from '../../store/terminal/selectors';
import '../workbench.css';

/** Opens links from the terminal in a new window; Electron routes http(s) to the OS browser. */
function openLink(_e: MouseEvent, uri: string): void {
  if (/^https?:\/\//i.test(uri)) window.open(uri, '_blank', 'noopener,noreferrer');
}

/**
 * The agent's own pty, live: what its bash commands print appears as it happens (with
 * scrollback and clickable links). The user can take the terminal over while the agent is
 * idle; while the agent runs a command, typing is held by the host and the banner says why.
 */
export function TerminalPane() {
  const host = useRef<HTMLDivElement>(null);
  const term = useRef<Terminal | null>(null);
  const state = useApp(terminalSelectors.state);
  const banner = useApp(terminalSelectors.banner);
  const note = useApp(terminalSelectors.note);
  const connect = useApp((s) => s.connectTerminal);
  const type = useApp((s) => s.typeInTerminal);
  const resize = useApp((s) => s.resizeTerminal);
  const takeOverTerminal = useApp((s) => s.takeOverTerminal);
  const release = useApp((s) => s.releaseTerminal);

  useEffect(() => {
    if (!host.current) return;
    const t = new Terminal({
      scrollback: 5000,
      fontSize: 12,
      fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
      cursorBlink: false,
      convertEol: false,
      theme: { background: '#111111' },
    });
    const f = new FitAddon();
    t.loadAddon(f);
    t.loadAddon(new WebLinksAddon(openLink));
    t.open(host.current);
    term.current = t;
    try {
      f.fit();
    } catch {
      // Not laid out yet; the ResizeObserver fits it.
    }
    const disconnect = connect({ write: (d) => t.write(d), reset: () => t.reset() });
    const input = t.onData((data) => void type(data));
    const ro = new ResizeObserver(() => {
      try {
        f.fit();
      } catch {
        return;
      }
      resize(t.cols, t.rows);
    });
    ro.observe(host.current);
    return () => {
      ro.disconnect();
      input.dispose();
      disconnect();
      t.dispose();
      term.current = null;
    };
  }, [connect, type, resize]);

  const takeOver = async (): Promise<void> => {
    if ((await takeOverTerminal()) && term.current) {
      resize(term.current.cols, term.current.rows);
      term.current.focus();
    }
  };

  return (
    <div className="wb-pane fill" data-testid="terminal-pane">
      <div className="wb-toolbar">
        <button className="primary" onClick={() => void takeOver()} disabled={!banner.canTakeOver} data-testid="terminal-take-over">
          Take over
        </button>
        <button onClick={() => void release()} disabled={!banner.canRelease} data-testid="terminal-release">
          Give back
        </button>
        <span className="wb-badge" data-testid="terminal-owner">
          {state.owner === 'user' ? 'you' : 'agent'}
          {state.busy ? ' · running' : ''}
        </span>
      </div>
      <div className={`wb-banner ${banner.tone}`} data-testid="terminal-banner" role="status">
        {banner.text}
      </div>
      {note && note !== banner.text ? (
        <div className="wb-warn small" data-testid="terminal-note">
          {note}
        </div>
      ) : null}
      <div className="wb-terminal" ref={host} data-testid="terminal" />
    </div>
  );
}
