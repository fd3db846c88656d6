import type { SliceActions } from '../store-types';
import { errorText } from '../store-types';

/** The extensions slice's actions. */
export interface ExtensionsActions {
  /** Reloads one extension, or all of them without a name. */
  reloadExtensions(name?: string): Promise<void>;
  /** While the pane is open: loads the list and follows its changes. Returns the unsubscribe. */
  watchExtensions(): () => void;
}

/** Builds the extensions slice's actions. */
export const extensionsActions: SliceActions<ExtensionsActions> = (set, _get, bridge) => ({
  reloadExtensions: async (name) => {
    set({ extensionsBusy: name ?? '*', extensionsError: null });
    try {
      const api = bridge();
      // Optional args are left out, not sent as undefined (JSON turns that into null).
      set({ extensions: await (name === undefined ? api.extensions.reload() : api.extensions.reload(name)) });
    } catch (err) {
      set({ extensionsError: errorText(err) });
    } finally {
      set({ extensionsBusy: null });
    }
  },
  watchExtensions: () => {
    const api = bridge();
    set({ extensionsError: null });
    api.extensions.list().then(
      (extensions) => set({ extensions }),
      (err: unknown) => set({ extensionsError: errorText(err) }),
    );
    return api.extensions.onChanged((extensions) => set({ extensions }));
  },
});
