/**
 * The insight methods of the bridge (search across sessions, usage across sessions, the HTML
 * export, desktop notifications), kept beside methods.ts, which folds them into `BridgeMethods`
 * and `METHOD_SPECS`.
 */
import type { ArgSpec } from './methods';
import type { TimeAxis } from '../read-models/time-axis';
import type { PairAxis } from '../read-models/pair-axis';
import type { ExportOutcome, HtmlExportOptions, SearchHitView, UsageSummary } from './insight-views';

/** The insight methods: arguments and results. */
export interface InsightMethods {
  /**
   * Searches every saved session's messages, tool arguments and results, in the query language
   * of `glassbox sessions search` (words, "phrases", tool: server: status: dur: cost: after:
   * before:); newest first, at most `limit` (default 50, at most 500). A bad query fails with
   * code BAD_ARGS and says why.
   */
  'sessions.search': { args: [query: string, limit?: number]; result: SearchHitView[] };
  /** Tokens and cost across the saved sessions: today, this week, all time, by model. */
  'sessions.usage': { args: []; result: UsageSummary };
  /**
   * One self-contained HTML file of a saved session (offline, secrets redacted): the desktop app
   * asks where to save it; the web host hands it to the page to download.
   */
  'sessions.exportHtml': { args: [id: string, options?: HtmlExportOptions]; result: ExportOutcome };
  /**
   * A saved session laid out on real time (read-models/time-axis.ts), built on the host from its
   * file: far smaller than its events, so the timeline's axis paints before its entries arrive.
   */
  'timeline.axis': { args: [sessionId: string]; result: TimeAxis };
  /**
   * Two saved sessions (a parent and its fork, or any two) on one time axis, A's lanes above B's,
   * each counted from its own start and a fork's own run following its copied history
   * (read-models/pair-axis.ts), built on the host from their files.
   */
  'timeline.pairAxis': { args: [a: string, b: string]; result: PairAxis };
  /** Shows a desktop notification (the Electron host); `shown: false` where the host has none (the page uses the browser's). */
  'app.notify': { args: [title: string, body: string]; result: { shown: boolean } };
}

/** Runtime argument specs of the insight methods. */
export const INSIGHT_METHOD_SPECS: { readonly [M in keyof InsightMethods]: readonly ArgSpec[] } = {
  'sessions.search': ['string', 'number?'],
  'sessions.usage': [],
  'sessions.exportHtml': ['string', 'object?'],
  'timeline.axis': ['string'],
  'timeline.pairAxis': ['string', 'string'],
  'app.notify': ['string', 'string'],
};
