import type { Notice } from '../../../../src-shared/contract/views';

/**
 * A banner on screen: a notice with the id it is dismissed by, and for a run's problem (the
 * model failed) the session it belongs to: it shows there only.
 */
export type ShownNotice = Notice & { id: number; session?: string };

/** The frame slice: banners, the connection to the host, the right-hand tab. */
export interface FrameState {
  notices: ShownNotice[];
  connection: 'connecting' | 'open' | 'closed';
  /** The right-hand tab: 'inspector' or a workbench pane's id. */
  rightTab: string;
}

/** The frame before the window is connected. */
export function initialFrameState(): FrameState {
  return { notices: [], connection: 'connecting', rightTab: 'inspector' };
}
