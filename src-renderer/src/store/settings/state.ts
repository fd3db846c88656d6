import type { SettingsView } from '../../../../src-shared/contract/views';

/** The settings slice: the host's settings (the API key never comes back) and whether the panel is open. */
export interface SettingsState {
  settings: SettingsView | null;
  settingsOpen: boolean;
}

/** Not loaded yet, panel closed. */
export function initialSettingsState(): SettingsState {
  return { settings: null, settingsOpen: false };
}
