import { useEffect, useRef, useState } from 'react';
import { FitAddon } from '@xterm/addon-fit';
import { WebLinksAddon } from '@xterm/addon-web-links';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import type { TerminalState } from '../../../../src-shared/contract/workbench-views';
import { useGlassboxApi } from '../../app/app-context';
import { terminalBanner } from './terminal-banner';
import '../workbench.css';

const INITIAL: TerminalState = { owner: 'agent', busy: false, alive: false, held: 0 };

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
  const api = useGlassboxApi();
  const host = useRef<HTMLDivElement>(null);
  const term = useRef<Terminal | null>(null);
  const fit = useRef<FitAddon | null>(null);
  const [state, setState] = useState<TerminalState>(INITIAL);
  const [note, setNote] = useState<string | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

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
    fit.current = f;
    try {
      f.fit();
    } catch {
      // Not laid out yet; the ResizeObserver fits it.
    }
    let attached = false;
    const early: string[] = [];
    const offs = [
      api.terminal.onData((d) => {
        if (attached) t.write(d);
        else early.push(d);
      }),
      api.terminal.onState((s) => setState(s)),
    ];
    const attach = (): void => {
      attached = false;
      api.terminal.attach().then(
        (a) => {
          // The scrollback already holds what arrived while attaching.
          t.write(a.recent);
          attached = true;
          early.length = 0;
          setState(a.state);
        },
        (err: unknown) => setNote(`Could not attach to the shell: ${(err as Error).message}`),
      );
    };
    attach();
    // Another session has its own shell: start over on it.
    offs.push(
      api.sessions.onSwitched(() => {
        t.reset();
        setNote(null);
        attach();
      }),
    );
    const input = t.onData((data) => {
      const s = stateRef.current;
      if (s.owner !== 'user') {
        setNote(`Not sent: ${terminalBanner(s).text}`);
        return;
      }
      api.terminal.write(data).then(
        (r) => {
          setState(r.state);
          setNote(r.ok ? null : r.reason);
        },
        (err: unknown) => setNote((err as Error).message),
      );
    });
    const ro = new ResizeObserver(() => {
      try {
        f.fit();
      } catch {
        return;
      }
      if (stateRef.current.owner === 'user') void api.terminal.resize(t.cols, t.rows).catch(() => {});
    });
    ro.observe(host.current);
    return () => {
      ro.disconnect();
      input.dispose();
      offs.forEach((off) => off());
      t.dispose();
      term.current = null;
    };
  }, [api]);

  const banner = terminalBanner(state);
  const takeOver = async (): Promise<void> => {
    const r = await api.terminal.takeOver();
    setState(r.state);
    setNote(r.ok ? null : r.reason);
    if (r.ok && term.current) {
      void api.terminal.resize(term.current.cols, term.current.rows).catch(() => {});
      term.current.focus();
    }
  };
  const release = async (): Promise<void> => {
    const r = await api.terminal.release();
    setState(r.state);
    setNote(null);
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
