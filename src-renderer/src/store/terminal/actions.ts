import { terminalBanner } from './banner';
import type { SliceActions } from '../store-types';
import { errorText } from '../store-types';
import { initialTerminalState } from './state';

/** Where the shell's output goes: the pane's xterm. */
export interface TerminalScreen {
  write(data: string): void;
  /** Clears the screen (another session's shell is shown next). */
  reset(): void;
}

/** The terminal slice's actions. */
export interface TerminalActions {
  /**
   * While the pane is open: attaches to the shell, writes its output to `screen` (what arrives
   * while attaching is in the attachment's scrollback, so it is not written twice) and starts
   * over on another session's shell. Returns the disconnect.
   */
  connectTerminal(screen: TerminalScreen): () => void;
  /** Sends keystrokes when the user has the terminal; otherwise says why not. */
  typeInTerminal(data: string): Promise<void>;
  /** Tells the host the screen's size; only while the user has the terminal. */
  resizeTerminal(cols: number, rows: number): void;
  /** Takes the terminal from the idle agent; true when the user has it. */
  takeOverTerminal(): Promise<boolean>;
  releaseTerminal(): Promise<void>;
}

/** Builds the terminal slice's actions. */
export const terminalActions: SliceActions<TerminalActions> = (set, get, bridge) => ({
  connectTerminal: (screen) => {
    const api = bridge();
    set(initialTerminalState());
    let attached = false;
    const attach = (): void => {
      attached = false;
      api.terminal.attach().then(
        (a) => {
          screen.write(a.recent);
          attached = true;
          set({ terminal: a.state });
        },
        (err: unknown) => set({ terminalNote: `Could not attach to the shell: ${errorText(err)}` }),
      );
    };
    const offs = [
      api.terminal.onData((d) => {
        if (attached) screen.write(d);
      }),
      api.terminal.onState((terminal) => set({ terminal })),
    ];
    attach();
    offs.push(
      api.sessions.onSwitched(() => {
        screen.reset();
        set({ terminalNote: null });
        attach();
      }),
    );
    return () => {
      offs.forEach((off) => off());
      // The next pane starts from "not attached", as this one did.
      set(initialTerminalState());
    };
  },
  typeInTerminal: async (data) => {
    const s = get().terminal;
    if (s.owner !== 'user') {
      set({ terminalNote: `Not sent: ${terminalBanner(s).text}` });
      return;
    }
    try {
      const r = await bridge().terminal.write(data);
      set({ terminal: r.state, terminalNote: r.ok ? null : r.reason });
    } catch (err) {
      set({ terminalNote: errorText(err) });
    }
  },
  resizeTerminal: (cols, rows) => {
    if (get().terminal.owner === 'user') void bridge().terminal.resize(cols, rows).catch(() => {});
  },
  takeOverTerminal: async () => {
    const r = await bridge().terminal.takeOver();
    set({ terminal: r.state, terminalNote: r.ok ? null : r.reason });
    return r.ok;
  },
  releaseTerminal: async () => {
    const r = await bridge().terminal.release();
    set({ terminal: r.state, terminalNote: null });
  },
});
