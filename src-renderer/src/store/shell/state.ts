import type { Notice } from '../../../../src-shared/contract/views';

/** A banner on screen: a notice with the id it is dismissed by. */
export type ShownNotice = Notice & { id: number };

/** The shell slice: banners, the connection to the host, the right-hand tab. */
export interface ShellState {
  notices: ShownNotice[];
  connection: 'connecting' | 'open' | 'closed';
  /** The right-hand tab: 'inspector' or a workbench pane's id. */
  rightTab: string;
}

/** The shell before the window is connected. */
export function initialShellState(): ShellState {
  return { notices: [], connection: 'connecting', rightTab: 'inspector' };
}
