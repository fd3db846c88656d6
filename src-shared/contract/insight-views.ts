/**
 * The views of the window's insight methods (issue 18): search across sessions, the usage
 * summary across sessions, the HTML export and desktop notifications. Pure TypeScript.
 */
import { z } from 'zod';
import type { UsageTotals } from '../events/model-usage';
import type { ExportedFile } from './views';

/** One search hit across the saved sessions: where it is and a snippet around the match. */
export interface SearchHitView {
  session: string;
  /** The session's title (its rename wins). */
  title: string;
  seq: number;
  ts: number;
  kind: 'user' | 'assistant' | 'thinking' | 'call' | 'model';
  tool?: string;
  server?: string;
  callId?: string;
  status?: 'ok' | 'error' | 'blocked';
  /** A call's own run time (ms), without its approval wait. */
  durationMs?: number;
  /** A call's approval wait (ms), when one was asked. */
  waitMs?: number;
  costUsd?: number;
  snippet: string;
}

/** Tokens and cost across every saved session: today, the last 7 days, all time, and by model. */
export interface UsageSummary {
  today: UsageTotals;
  /** Today and the 6 days before it (local time of the host). */
  week: UsageTotals;
  all: UsageTotals;
  /** Most expensive first (then most tokens). */
  byModel: Array<{ model: string; usage: UsageTotals }>;
  sessions: number;
}

/** What exporting a session did: saved through the desktop's save dialog, cancelled there, or handed to the page to download. */
export type ExportOutcome =
  | { kind: 'saved'; path: string }
  | { kind: 'cancelled' }
  | { kind: 'download'; file: ExportedFile };

/** Options of an HTML export: `withoutToolOutputs` leaves tool outputs out (arguments, status and timing stay). */
export const HtmlExportOptionsSchema = z.object({ withoutToolOutputs: z.boolean().optional() });
/** Options of an HTML export. */
export type HtmlExportOptions = z.infer<typeof HtmlExportOptionsSchema>;
