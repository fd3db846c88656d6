import type { ExtensionView } from '../../../../src-shared/contract/workbench-views';

/** The extensions slice: every extension the host found, and the reload in progress. */
export interface ExtensionsState {
  /** null until the host answered. */
  extensions: ExtensionView[] | null;
  extensionsError: string | null;
  /** The extension being reloaded, '*' for all, null when idle. */
  extensionsBusy: string | null;
}

/** Not loaded. */
export function initialExtensionsState(): ExtensionsState {
  return { extensions: null, extensionsError: null, extensionsBusy: null };
}
