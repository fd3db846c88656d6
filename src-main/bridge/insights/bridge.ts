import { join } from 'node:path';
import type { ExportOutcome, SearchHitView } from '../../../src-shared/contract/insight-views';
import type { ExportedFile } from '../../../src-shared/contract/views';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { BridgeError } from '../../../src-shared/contract/wire';
import type { GlassboxPaths } from '../../core/config/paths';
import { loadConfig } from '../../core/config/config';
import { SearchIndex } from '../../core/search/search-index';
import { parseSearchQuery, QueryError, type SearchQuery } from '../../core/search/query';
import { collectSecrets } from '../../core/secrets/config-secrets';
import { SecretRedactor } from '../../core/secrets/redactor';
import { sessionToHtml } from '../../core/session/session-html';
import type { SessionStore } from '../../core/session/store';
import type { BridgeEndpoint } from '../endpoint';
import { requireSaved } from '../saved-session-list';
import { buildPairAxis } from '../../../src-shared/read-models/pair-axis';
import { TimeAxisCache } from './time-axis-cache';
import { summarizeUsage } from './usage-summary';

/** What only the desktop app can do: a native save dialog and OS notifications. */
export interface DesktopIntegration {
  /** Asks where to save (suggesting `file.fileName`) and writes the file; the path, or null when cancelled. */
  saveFile(file: ExportedFile): Promise<string | null>;
  /** Shows an OS notification; false when the OS has none. */
  notify(title: string, body: string): boolean;
}

export interface InsightsBridgeOptions {
  host: BridgeEndpoint;
  paths: GlassboxPaths;
  store: SessionStore;
  workspace: string;
  env: NodeJS.ProcessEnv;
  /** The desktop app's shell; absent in `glassbox web` (the page downloads and uses the browser's notifications). */
  desktop?: DesktopIntegration;
  /** The events of a session open on the host (null when it is not open): its time axis is laid out from them. */
  liveEvents?: (id: string) => readonly GlassboxEvent[] | null;
}

/** Most hits one search returns. */
export const MAX_SEARCH_HITS = 500;

/**
 * Serves the window's search across sessions, the usage summary, the HTML export and desktop
 * notifications, over the search index beside the session files ($GLASSBOX_HOME/state/search,
 * the one `glassbox sessions` uses; refreshed before each use, reading only what was appended).
 */
export class InsightsBridge {
  private index: SearchIndex | null = null;
  private refreshing: Promise<unknown> = Promise.resolve();
  private readonly off: () => void;
  private readonly axes: TimeAxisCache;

  constructor(private readonly opts: InsightsBridgeOptions) {
    this.axes = new TimeAxisCache(opts.store);
    this.off = opts.host.registerAll({
      'sessions.search': (query, limit) => this.search(query, limit),
      'sessions.usage': async () => summarizeUsage((await this.fresh()).list()),
      'sessions.exportHtml': (id, options) => this.exportHtml(id, options?.withoutToolOutputs === true),
      'timeline.axis': (id) => {
        requireSaved(opts.store, id);
        return this.axes.axis(id, opts.liveEvents?.(id));
      },
      'timeline.pairAxis': (a, b) => {
        requireSaved(opts.store, a);
        requireSaved(opts.store, b);
        const events = (id: string) => opts.liveEvents?.(id) ?? opts.store.load(id).events;
        return buildPairAxis({ id: a, events: events(a) }, { id: b, events: events(b) });
      },
      'app.notify': (title, body) => ({ shown: opts.desktop ? opts.desktop.notify(title.slice(0, 200), body.slice(0, 1000)) : false }),
    });
  }

  /** Unregisters the handlers. */
  dispose(): void {
    this.off();
  }

  /**
   * The index brought up to date without blocking the host (a long session indexed for the first
   * time takes seconds: windows keep being served meanwhile). Refreshes run one after another,
   * never two at once on the index; each caller's starts after it asked, so it sees every line
   * written before (one with nothing new costs a stat and a 256-byte read per session).
   */
  private async fresh(): Promise<SearchIndex> {
    const index = (this.index ??= new SearchIndex(this.opts.paths.sessions, join(this.opts.paths.state, 'search')));
    const run = this.refreshing.catch(() => undefined).then(() => index.refreshAsync());
    this.refreshing = run;
    await run;
    return index;
  }

  private async search(text: string, limit: number | undefined): Promise<SearchHitView[]> {
    let query: SearchQuery;
    try {
      query = parseSearchQuery(text);
    } catch (err) {
      if (err instanceof QueryError) throw new BridgeError('BAD_ARGS', err.message);
      throw err;
    }
    const n = limit === undefined ? 50 : Math.max(1, Math.min(MAX_SEARCH_HITS, Math.floor(limit)));
    return (await this.fresh())
      .search(query, n)
      .map((h) => ({ ...h, title: this.opts.store.summary(h.session)?.title ?? h.title }));
  }

  private async exportHtml(id: string, withoutToolOutputs: boolean): Promise<ExportOutcome> {
    const { store } = this.opts;
    requireSaved(store, id);
    const { events } = store.load(id);
    // Session files are redacted when written; this pass also hides secrets configured since.
    const redactor = new SecretRedactor(collectSecrets(loadConfig(this.opts.paths, this.opts.workspace).config, this.opts.env));
    const title = store.summary(id)?.title ?? id;
    const html = sessionToHtml(events, { title, withoutToolOutputs, redact: (t) => redactor.redact(t) });
    const file: ExportedFile = { fileName: `glassbox-${fileSafe(title)}-${id.slice(0, 8)}.html`, mimeType: 'text/html', text: html };
    if (!this.opts.desktop) return { kind: 'download', file };
    const path = await this.opts.desktop.saveFile(file);
    return path ? { kind: 'saved', path } : { kind: 'cancelled' };
  }
}

/** A title as part of a file name: letters, digits, dashes; at most 40 characters. */
function fileSafe(title: string): string {
  return title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'session';
}
