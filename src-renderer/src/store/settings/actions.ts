import type { SettingsPatch, SettingsView } from '../../../../src-shared/contract/views';
import type { SliceActions } from '../store-types';
import { modelListKey } from '../model/state';

/** Banners a saved setting may have fixed. */
const FIXED_BY_SETTINGS = ['NO_MODEL', 'NO_API_KEY', 'BAD_API_KEY'];

/** The settings slice's actions. */
export interface SettingsActions {
  setSettings(s: SettingsView): void;
  setSettingsOpen(open: boolean): void;
  /** Loads the settings (at start); says so in a banner when no model is configured yet. */
  loadSettings(): Promise<void>;
  /** Saves a patch; true when the host took it (then the banners it may have fixed go). */
  saveSettings(patch: SettingsPatch): Promise<boolean>;
  /** Asks the host to list the server's models with these unsaved settings (Test connection). */
  testConnection(draft: SettingsPatch): Promise<void>;
  /** Follows the host's settings; returns the unsubscribe. */
  watchSettings(): () => void;
}

/** Builds the settings slice's actions. */
export const settingsActions: SliceActions<SettingsActions> = (set, get, bridge) => ({
  setSettings: (settings) => set({ settings }),
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
  loadSettings: async () => {
    let settings: SettingsView;
    try {
      settings = await bridge().settings.get();
    } catch (err) {
      get().reportError('Settings', err);
      return;
    }
    get().setSettings(settings);
    if (!settings.model) {
      get().pushNotice({ level: 'warn', code: 'NO_MODEL', message: 'No model is configured yet.', hint: 'Choose a provider and model in the setup panel (Settings, Ctrl+,).' });
      // First run: the setup panel opens by itself.
      get().setSettingsOpen(true);
    }
  },
  saveSettings: async (patch) => {
    try {
      get().setSettings(await bridge().settings.set(patch));
    } catch (err) {
      get().reportError('Settings', err);
      return false;
    }
    get().dismissNoticeCodes(FIXED_BY_SETTINGS);
    // The panel closes on Save: say it worked where the user looks next, for a moment.
    const note = 'Settings saved. New runs use them.';
    set({ settingsSavedNote: note });
    setTimeout(() => {
      if (get().settingsSavedNote === note) set({ settingsSavedNote: null });
    }, 5000);
    return true;
  },
  testConnection: async (draft) => {
    set({ connectionTest: 'testing' });
    try {
      const result = await bridge().settings.testConnection(draft);
      set({ connectionTest: result });
      // The model picker lists the same endpoint's models without asking again.
      const saved = get().settings;
      if (result.ok && saved && draft.apiKey === undefined) {
        const key = modelListKey({ provider: draft.provider ?? saved.provider, baseURL: draft.baseURL ?? saved.baseURL });
        get().cacheModelList(key, result);
      }
    } catch (err) {
      set({ connectionTest: { ok: false, error: err instanceof Error ? err.message : String(err) } });
    }
  },
  watchSettings: () => bridge().settings.onChanged((v) => get().setSettings(v)),
});
