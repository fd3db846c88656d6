/**
 * The insight methods of the bridge (search across sessions, usage across sessions, the HTML
 * export, desktop notifications), kept beside methods.ts, which folds them into `METHODS`.
 */
import { z } from 'zod';
import type { TimeAxis } from '../read-models/time-axis';
import type { PairAxis } from '../read-models/pair-axis';
import { HtmlExportOptionsSchema, type ExportOutcome, type SearchHitView, type UsageSummary } from './insight-views';
import { method, returns, type MethodTypes } from './method-schema';

/** The insight methods: their arguments (checked by the host) and results. */
export const INSIGHT_METHODS = {
  /**
   * Searches every saved session's messages, tool arguments and results, in the query language
   * of `glassbox sessions search` (words, "phrases", tool: server: status: dur: cost: after:
   * before:); newest first, at most `limit` (default 50, at most 500). A bad query fails with
   * code BAD_ARGS and says why.
   */
  'sessions.search': method([z.string(), z.number().optional()], returns<SearchHitView[]>()),
  /** Tokens and cost across the saved sessions: today, this week, all time, by model. */
  'sessions.usage': method([], returns<UsageSummary>()),
  /**
   * One self-contained HTML file of a saved session (offline, secrets redacted): the desktop app
   * asks where to save it; the web host hands it to the page to download.
   */
  'sessions.exportHtml': method([z.string(), HtmlExportOptionsSchema.optional()], returns<ExportOutcome>()),
  /**
   * A saved session laid out on real time (read-models/time-axis.ts), built on the host from its
   * file: far smaller than its events, so the timeline's axis paints before its entries arrive.
   */
  'timeline.axis': method([z.string()], returns<TimeAxis>()),
  /**
   * Two saved sessions (a parent and its fork, or any two) on one time axis, A's lanes above B's,
   * each counted from its own start and a fork's own run following its copied history
   * (read-models/pair-axis.ts), built on the host from their files: a, b.
   */
  'timeline.pairAxis': method([z.string(), z.string()], returns<PairAxis>()),
  /** Shows a desktop notification (the Electron host); `shown: false` where the host has none (the page uses the browser's). */
  'app.notify': method([z.string(), z.string()], returns<{ shown: boolean }>()),
};

/** The insight methods as types. */
export type InsightMethods = MethodTypes<typeof INSIGHT_METHODS>;
