import type { ModelConnectionResult, SettingsView } from '../../../../src-shared/contract/views';

/** The settings slice: the host's settings (the API key never comes back) and whether the panel is open. */
export interface SettingsState {
  settings: SettingsView | null;
  settingsOpen: boolean;
  /** The last Test connection: running, its answer (the server's models or what failed), or none yet. */
  connectionTest: ModelConnectionResult | 'testing' | null;
  /** Said for a few seconds after Save closed the panel. */
  settingsSavedNote: string | null;
}

/** Not loaded yet, panel closed. */
export function initialSettingsState(): SettingsState {
  return { settings: null, settingsOpen: false, connectionTest: null, settingsSavedNote: null };
}
