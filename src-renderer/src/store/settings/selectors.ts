import type { AppStoreState } from '../store-types';

/** What the settings panel shows. */
export const settingsSelectors = {
  settings: (s: AppStoreState) => s.settings,
  open: (s: AppStoreState) => s.settingsOpen,
  connectionTest: (s: AppStoreState) => s.connectionTest,
  savedNote: (s: AppStoreState) => s.settingsSavedNote,
};
