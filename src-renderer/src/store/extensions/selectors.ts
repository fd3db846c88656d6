import type { ExtensionView } from '../../../../src-shared/contract/workbench-views';
import type { AppStoreState } from '../store-types';

/** What an extension registered, in one line ("nothing" when it registered nothing). Pure. */
export function registeredSummary(e: ExtensionView): string {
  const r = e.registered;
  const parts: string[] = [];
  if (r.tools.length) parts.push(`tools: ${r.tools.join(', ')}`);
  if (r.beforeHooks) parts.push(`${r.beforeHooks} before-hook${r.beforeHooks > 1 ? 's' : ''}`);
  if (r.afterHooks) parts.push(`${r.afterHooks} after-hook${r.afterHooks > 1 ? 's' : ''}`);
  if (r.subscriptions.length) parts.push(`subscribed to ${r.subscriptions.join(', ')}`);
  return parts.join(' · ') || 'nothing';
}

/** What the extensions pane shows. */
export const extensionsSelectors = {
  list: (s: AppStoreState) => s.extensions,
  error: (s: AppStoreState) => s.extensionsError,
  busy: (s: AppStoreState) => s.extensionsBusy,
};
