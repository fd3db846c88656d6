import { terminalBanner } from './banner';
import { memoLast } from '../memo';
import type { AppStoreState } from '../store-types';

const banner = memoLast(terminalBanner);

/** What the terminal pane shows. */
export const terminalSelectors = {
  state: (s: AppStoreState) => s.terminal,
  banner: (s: AppStoreState) => banner(s.terminal),
  note: (s: AppStoreState) => s.terminalNote,
};
