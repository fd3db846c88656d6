import type { ExtensionApiHandle, ExtensionRegistrationSummary } from './api';
import type { ExtensionOrigin } from './discovery';
import type { GlassboxExtension } from './types';

/** `loaded`, or `failed` with a reason (bad manifest, missing module, throwing onLoad, …). */
export type ExtensionStatus = 'loaded' | 'failed';

/** One extension as `extensions list --json` and the UI show it. */
export interface ExtensionInfo extends ExtensionRegistrationSummary {
  name: string;
  version: string;
  description?: string;
  /** The extension's folder (absolute). */
  folder: string;
  origin: ExtensionOrigin;
  /** The module file loaded (absolute), null when the folder could not be read. */
  module: string | null;
  status: ExtensionStatus;
  /** Why it failed to load. */
  reason?: string;
  /** Runtime failures of its handlers and hooks since it loaded (latest last, at most 20). */
  errors: string[];
}

/** The host's live record of one extension folder: what it shows, plus the loaded instance. */
export interface ExtensionEntry {
  folder: string;
  origin: ExtensionOrigin;
  name: string;
  version: string;
  description?: string;
  module: string | null;
  status: ExtensionStatus;
  reason?: string;
  errors: string[];
  handle?: ExtensionApiHandle;
  instance?: GlassboxExtension;
}

/** What `list()` shows of an entry: a copy, with its registrations only while it is loaded. */
export function entryInfo(e: ExtensionEntry): ExtensionInfo {
  const summary = e.handle && e.status === 'loaded'
    ? e.handle.summary()
    : { tools: [], rejectedTools: [], hooks: { before: 0, after: 0 }, subscriptions: [], mcp: { resources: [], templates: [], prompts: [] } };
  return {
    name: e.name,
    version: e.version,
    ...(e.description ? { description: e.description } : {}),
    folder: e.folder,
    origin: e.origin,
    module: e.module,
    status: e.status,
    ...(e.reason ? { reason: e.reason } : {}),
    ...summary,
    errors: [...e.errors],
  };
}

/** An error's message for a status line or log (never its stack). */
export function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}
